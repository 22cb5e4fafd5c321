import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer } from "node:net";
import path from "node:path";

// The tests and the benchmarks (bench/lib/server.ts) start the real server through this one module.
const root = path.resolve(import.meta.dirname, "../../../..");
const serverEntry = path.join(root, "apps/api/src/server.ts");
const webBuildEntry = path.join(root, "apps/web/build/server/index.js");
/** The API's production build (`npm run build`, decision 094). */
export const builtServerEntry = path.join(root, "apps/api/dist/server.js");

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
 * Why the server cannot start here, or undefined: it serves the built web app, which `npm test` builds before the
 * suites and a bare `vitest run` may not have.
 */
export function webAppMissing(): string | undefined {
  if (existsSync(webBuildEntry)) return undefined;
  return `the web app is not built: run npm run build (${path.relative(root, webBuildEntry)} is missing)`;
}

/**
 * Which server's code runs: this checkout's by default, another release's checked out elsewhere (previous-release.ts),
 * or the production build (`builtServerEntry`).
 */
export interface ServerCode {
  /** Its `server.ts`, run through tsx, or a built `server.js`, run by plain node as production runs it. */
  entry?: string;
  /** The folder it runs in, whose node_modules hold tsx. */
  cwd?: string;
}

/**
 * The real server from its sources (`node --import tsx apps/api/src/server.ts` in the repository), or from the build
 * `npm run serve` runs (`builtServerEntry`), with only `env`, PATH and SHUTDOWN_DRAIN=0: `ready` resolves once it
 * listens, `exited` with its exit code (null when a signal ended it); `output()` is all it printed so far.
 */
export function startServerProcess(env: Record<string, string>, { entry = serverEntry, cwd = root }: ServerCode = {}) {
  const child = spawn(process.execPath, entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry], {
    cwd,
    // Tests and benchmarks stop servers at once; the drain that waits for load balancers has a test of its own.
    env: { PATH: process.env.PATH, SHUTDOWN_DRAIN: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const banner = () => {
      if (!stdout.includes("is running at")) return;
      child.stdout.off("data", banner);
      resolve();
    };
    child.stdout.on("data", banner);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
  // Only the callers that wait for readiness care that it never came.
  ready.catch(() => {});
  return { child, ready, exited, output: () => ({ stdout, stderr }) };
}

/** A data folder of the caller's own (media, outbox, embedded PostgreSQL), which the embedded PostgreSQL's user may enter. */
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
  code?: ServerCode,
) {
  const chosen = port ?? (await freePort());
  const server = startServerProcess(
    {
      PORT: String(chosen),
      HOST: "127.0.0.1",
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      ...env,
    },
    code,
  );
  await server.ready;
  return { ...server, port: chosen, url: `http://127.0.0.1:${chosen}` };
}
