import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { startS3Server } from "../test/s3-server.ts";
import { createS3Storage, createStorage, type Storage, type StoredFile } from "./storage.ts";

/** The configuration a deployment would have, with `env` on top. */
/** How far behind Date.now() a file's modification time may be: the kernel's coarse clock advances once a tick. */
const COARSE_CLOCK_LAG_MS = 20;

const configWith = (dataDir: string, env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), DATA_DIR: dataDir, ...env });

interface Backend {
  storage: Storage;
  /** Where a file would land on this machine if a key escaped the storage root. */
  outside: string;
  stop(): Promise<void>;
}

const backends: Array<[string, () => Promise<Backend>]> = [
  [
    "local disk",
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), "waterside-storage-"));
      return {
        storage: createStorage(configWith(dataDir)),
        outside: path.join(dataDir, "outside.webp"),
        stop: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const server = await startS3Server();
      const dataDir = await mkdtemp(path.join(tmpdir(), "waterside-storage-"));
      const config = configWith(dataDir, server.env);
      expect(config.s3).toMatchObject({ bucket: server.bucket, endpoint: server.endpoint });
      return {
        // Two objects a page, so listing has to follow continuation tokens.
        storage: createS3Storage(config.s3!, { pageSize: 2 }),
        outside: path.join(dataDir, "outside.webp"),
        async stop() {
          await server.stop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  ],
];

const listed = async (storage: Storage, prefix: string) => {
  const files: StoredFile[] = [];
  for await (const file of storage.list(prefix)) files.push(file);
  return files.sort((a, b) => a.key.localeCompare(b.key));
};

describe.each(backends)("storage on %s", (_, start) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await start();
    storage = backend.storage;
  });
  afterAll(() => backend?.stop());

  it("gives back what was put, and nothing for a key never written", async () => {
    await storage.put("put/photo-card.webp", Buffer.from("card bytes"));
    expect((await storage.get("put/photo-card.webp"))?.toString()).toBe("card bytes");
    expect(await storage.get("put/never-written.webp")).toBeNull();
  });

  it("replaces a file put again under the same key", async () => {
    await storage.put("overwrite/photo.webp", Buffer.from("first"));
    await storage.put("overwrite/photo.webp", Buffer.from("second, longer"));
    expect((await storage.get("overwrite/photo.webp"))?.toString()).toBe("second, longer");
    expect((await listed(storage, "overwrite/")).map((file) => file.key)).toEqual(["overwrite/photo.webp"]);
  });

  it("removes a file, and removing one that is not there is no error", async () => {
    await storage.put("remove/photo.webp", Buffer.from("bytes"));
    await storage.remove("remove/photo.webp");
    expect(await storage.get("remove/photo.webp")).toBeNull();
    await expect(storage.remove("remove/photo.webp")).resolves.toBeUndefined();
    await expect(storage.remove("remove/never-there.webp")).resolves.toBeUndefined();
    expect(await listed(storage, "remove/")).toEqual([]);
  });

  it("lists every file under a prefix, nested ones too, with when each was last written", async () => {
    // Stores keep whole seconds. A file's time on local disk comes from the kernel's coarse clock, which may still
    // read a few milliseconds before Date.now() (CI met 756.999 s against 757.000): the bound allows one tick of it.
    const before = Math.floor((Date.now() - COARSE_CLOCK_LAG_MS) / 1000) * 1000;
    const keys = ["list/ads/a-card.webp", "list/ads/a-large.webp", "list/ads/b-card.webp", "list/ads/2025/c.webp"];
    for (const key of [...keys, "list/adsx/d.webp", "list/profiles/e.webp"]) await storage.put(key, Buffer.from(key));
    const after = Date.now();

    const files = await listed(storage, "list/ads/");
    expect(files.map((file) => file.key)).toEqual([...keys].sort((a, b) => a.localeCompare(b)));
    for (const { lastModified } of files) {
      expect(lastModified).toBeInstanceOf(Date);
      expect(lastModified.getTime()).toBeGreaterThanOrEqual(before);
      expect(lastModified.getTime()).toBeLessThanOrEqual(after);
    }
    // A prefix is the start of a key, not only a folder.
    expect((await listed(storage, "list/ads/a")).map((file) => file.key)).toEqual([
      "list/ads/a-card.webp",
      "list/ads/a-large.webp",
    ]);
    expect(await listed(storage, "list/nothing/")).toEqual([]);
  });

  it.each(["../outside.webp", "/outside.webp", "list/../../outside.webp", "list//photo.webp", "list\\photo.webp"])(
    "refuses the key %s, which could leave the storage root",
    async (key) => {
      await expect(storage.put(key, Buffer.from("escaped"))).rejects.toThrow("Storage key escapes root");
      await expect(storage.get(key)).rejects.toThrow("Storage key escapes root");
      await expect(storage.remove(key)).rejects.toThrow("Storage key escapes root");
      await expect(listed(storage, key)).rejects.toThrow("Storage key escapes root");
      expect(existsSync(backend.outside)).toBe(false);
    },
  );
});

describe("storage on S3 (s3rver), as browsers and CDNs read it", () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server?.stop());

  it("writes WebP files with their type and a year-long immutable cache life", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "waterside-storage-"));
    const storage = createStorage(configWith(dataDir, server.env));
    await storage.put("ads/123-card.webp", Buffer.from("RIFF....WEBP"));
    const response = await fetch(`${server.publicUrl}/ads/123-card.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("RIFF....WEBP");
    // Nothing went to the local media folder.
    expect(existsSync(path.join(dataDir, "media"))).toBe(false);
    await rm(dataDir, { recursive: true, force: true });
  });
});
