import { mkdir, opendir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../config.ts";

/** Where uploaded and generated files live. Keys are server-generated, never user-chosen. */
export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none (re-encoding stored pictures into a new size reads them). */
  get(key: string): Promise<Buffer | null>;
  /** Removing a file that is not there is not an error. */
  remove(key: string): Promise<void>;
  /** Every file whose key starts with `prefix`, in no set order (the orphan sweep compares them with the rows). */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  lastModified: Date;
}

/** Stored files are never rewritten under the same key (docs/decisions/006-images.md), so caches may keep them. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const CONTENT_TYPES: Record<string, string> = { ".webp": "image/webp" };

/** The storage the configuration asks for: an S3 bucket when S3_BUCKET is set, otherwise DATA_DIR/media. */
export function createStorage(config: Pick<Config, "mediaDir" | "s3">): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.mediaDir);
}

/**
 * Keys are relative paths with `/` between folders; the same rules hold on disk and in a bucket, so a key that
 * would escape the media folder is refused by both, not only where it would do harm.
 */
function checkKey(key: string, { prefix = false } = {}) {
  const segments = key.split("/");
  const valid =
    !key.includes("\\") &&
    !key.includes("\0") &&
    !segments.some(
      (segment, index) =>
        segment === "." || segment === ".." || (segment === "" && !(prefix && index === segments.length - 1)),
    );
  if (!valid) throw new Error(`Storage key escapes root: ${key}`);
}

export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    checkKey(key);
    const file = path.resolve(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error(`Storage key escapes root: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async get(key) {
      return readFile(resolve(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(prefix) {
      if (prefix !== "") checkKey(prefix, { prefix: true });
      // Only the folder the prefix names is walked; the rest of the prefix filters its files' keys.
      const folder = path.join(base, prefix.slice(0, prefix.lastIndexOf("/") + 1));
      const directory = await opendir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
      if (!directory) return;
      for await (const entry of directory) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(base, file).split(path.sep).join("/");
        if (!key.startsWith(prefix)) continue;
        const stats = await stat(file).catch(() => null);
        // Removed since the folder was read: it is not there any more.
        if (stats) yield { key, lastModified: stats.mtime };
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** An S3 bucket, on AWS or any server that speaks its protocol (MinIO, s3rver…). `pageSize` is for tests. */
export function createS3Storage(settings: S3Settings, { pageSize = 1000 } = {}): Storage {
  const { bucket: Bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    credentials: settings.credentials,
    ...(settings.endpoint && {
      endpoint: settings.endpoint,
      // Other servers seldom resolve bucket subdomains of their own address.
      forcePathStyle: true,
      // Nor do all of them know the checksums the SDK sends by default since 2025; none is required by S3.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    }),
  });
  return {
    async put(key, body) {
      checkKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: CONTENT_TYPES[path.extname(key)] ?? "application/octet-stream",
          CacheControl: MEDIA_CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      checkKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async remove(key) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      if (prefix !== "") checkKey(prefix, { prefix: true });
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, MaxKeys: pageSize, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          yield { key: object.Key!, lastModified: object.LastModified! };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
