import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const serverEntry = path.join(import.meta.dirname, "../server.ts");

/** A port the OS says is free now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The real server, started as `npm run serve` does (`node --import tsx apps/api/src/server.ts`) with only `env` and
 * PATH: `ready` resolves once it listens, `exited` with its exit code (null when a signal ended it).
 */
export function startServerProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", serverEntry], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", () => stdout.includes("is running at") && resolve());
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  // Only the tests that wait for readiness care that it never came.
  ready.catch(() => {});
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}
