import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

const s3rverBin = createRequire(import.meta.url).resolve("s3rver/bin/s3rver.js");

/**
 * A local S3 server (s3rver) on a free port, keeping its objects in a temp folder, with one empty bucket. It runs
 * in its own process because it signs list continuation tokens with DES, which Node's OpenSSL 3 offers only with
 * --openssl-legacy-provider. `env` holds the variables that point Waterside at it; stop() ends it and its folder.
 */
export async function startS3Server(bucket = "waterside-media") {
  const directory = await mkdtemp(path.join(tmpdir(), "waterside-s3-"));
  const child = spawn(
    process.execPath,
    [
      "--openssl-legacy-provider",
      s3rverBin,
      "-d",
      directory,
      "-a",
      "127.0.0.1",
      "-p",
      "0",
      "-s",
      "--configure-bucket",
      bucket,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const listening = /listening on [\d.]+:(\d+)/.exec(output);
      if (listening) resolve(Number(listening[1]));
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    void exited.then(() => reject(new Error(`s3rver exited before listening: ${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    /** Path-style: where a browser (or a CDN's origin) reads the bucket's objects. */
    publicUrl: `${endpoint}/${bucket}`,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      // s3rver checks signatures made with these.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      MEDIA_BASE_URL: `${endpoint}/${bucket}`,
    },
    async stop() {
      child.kill();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}
