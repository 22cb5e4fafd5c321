import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface BenchServer {
  origin: string;
  /** Where its data is, for the figures' heading. */
  data: string;
  /** Stops the server and removes its temporary data folder, if it made one. */
  stop: () => Promise<void>;
}

/**
 * The real server (`npm run serve`) on the built web app, on a free loopback port, ready once it prints its banner.
 * It runs on DATA_DIR when set, else on a fresh temporary folder seeded with `demoAds` demo ads. Exits the process
 * with a hint when the web app is not built.
 */
export async function startBenchServer({ demoAds }: { demoAds: number }): Promise<BenchServer> {
  if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) {
    console.error("The web app is not built: run `npm run build` first, then this benchmark again.");
    process.exit(1);
  }
  const temporaryDataDir = process.env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "waterside-bench-"));
  // The embedded PostgreSQL runs as another user when we are root; it must be able to enter the folder.
  if (temporaryDataDir) chmodSync(temporaryDataDir, 0o755);
  const removeTemporaryDataDir = () => temporaryDataDir && rmSync(temporaryDataDir, { recursive: true, force: true });

  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: process.env.DATA_DIR ?? temporaryDataDir,
    LOG_LEVEL: "warn",
    ...(temporaryDataDir && { DEMO_ADS: String(demoAds) }),
  };
  delete env.NODE_ENV;

  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stdout = "";
  try {
    await new Promise<void>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        stdout += chunk.toString();
        if (!stdout.includes("is running at")) return;
        // Past start-up only warnings are logged; show them next to the figures they may explain.
        child.stdout.off("data", collect);
        child.stdout.pipe(process.stdout);
        resolve();
      };
      child.stdout.on("data", collect);
      void exited.then((code) => reject(new Error(`The server exited with ${code} before it was ready:\n${stdout}`)));
    });
  } catch (error) {
    removeTemporaryDataDir();
    throw error;
  }

  return {
    origin: `http://127.0.0.1:${port}`,
    data: process.env.DATA_DIR ?? `${temporaryDataDir} (demo, ${demoAds} ads)`,
    stop: async () => {
      child.stdout.unpipe(process.stdout).resume();
      child.kill("SIGTERM");
      await exited;
      removeTemporaryDataDir();
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
