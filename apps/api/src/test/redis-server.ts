import { spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import path from "node:path";
import { freePort } from "./server-process.ts";

/** Why no Redis of a test's own can start here, or undefined: `npm test` installs `redis-server` when it is missing. */
export function redisServerMissing(searchPath = process.env.PATH ?? ""): string | undefined {
  const found = searchPath.split(path.delimiter).some((folder) => {
    try {
      accessSync(path.join(folder, "redis-server"), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  return found
    ? undefined
    : "redis-server is not installed: run npm test, which installs it (apt-get install redis-server)";
}

/**
 * A Redis of the test's own: a `redis-server` on a free port without persistence, so counters and rooms of one test
 * never meet another's (test files run in parallel and their users' ids collide). Fails with what the server said when
 * it does not start.
 */
export async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  const started = await new Promise<boolean>((resolve) => {
    child.once("error", (error) => {
      output += error.message;
      resolve(false);
    });
    child.once("exit", () => resolve(false));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) resolve(true);
    });
  });
  if (!started) throw new Error(`redis-server did not start: ${redisServerMissing() ?? output}`);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
