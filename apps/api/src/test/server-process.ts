import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
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

/** The server serves the built web app; `npm test` builds it before the suites, a bare `vitest run` may not have. */
export const webBuilt = existsSync(path.join(import.meta.dirname, "../../../web/build/server/index.js"));

/** A data folder of the test's own (media, outbox), which the embedded PostgreSQL's user may enter. */
export function temporaryDataDir(name: string) {
  const folder = mkdtempSync(path.join(tmpdir(), `waterside-${name}-`));
  chmodSync(folder, 0o755);
  return { path: folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * The server as production runs it (no demo data, quiet logs) on `env`'s database, data folder and token secret, on a
 * free port or the one given (a restart on the same address); resolves once it listens.
 */
export async function startTestServer(
  env: { DATABASE_URL: string; DATA_DIR: string; TOKEN_SECRET: string } & Record<string, string>,
  port?: number,
) {
  const chosen = port ?? (await freePort());
  const server = startServerProcess({
    PORT: String(chosen),
    HOST: "127.0.0.1",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    ...env,
  });
  await server.ready;
  return { ...server, port: chosen, url: `http://127.0.0.1:${chosen}` };
}
