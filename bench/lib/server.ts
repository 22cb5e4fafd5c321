// The tests' way of starting the real server, from its sources or its build: one spawn for both.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import {
  builtServerEntry,
  freePort,
  startServerProcess,
  temporaryDataDir,
  webAppMissing,
} from "../../apps/api/src/test/server-process.ts";

export interface BenchServer {
  origin: string;
  /** The server's process id, to read its memory. */
  pid: number;
  /** Where its data is, for the figures' heading. */
  data: string;
  /** Stops the server and removes its temporary data folder, if it made one. */
  stop: () => Promise<void>;
}

/** Exits the process with a hint when the web app, which the server serves, is not built. */
export function exitUnlessWebBuilt() {
  const missing = webAppMissing();
  if (!missing) return;
  console.error(`${missing}, then this benchmark again.`);
  process.exit(1);
}

/**
 * The real server on the built web app with `env` (and PATH), on a free loopback port, ready once it
 * prints its banner; past start-up it logs only warnings, shown here next to the figures they may explain.
 */
export async function serve(
  env: Record<string, string>,
  data = env.DATA_DIR ?? "",
  { production = false }: { production?: boolean } = {},
): Promise<BenchServer> {
  exitUnlessWebBuilt();
  const port = await freePort();
  const server = startServerProcess(
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      ...env,
      ...(production && productionEnv(`http://127.0.0.1:${port}`)),
    },
    production ? { entry: builtServerEntry } : {},
  );
  await server.ready;
  server.child.stdout.pipe(process.stdout);
  server.child.stderr.pipe(process.stderr);
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: server.child.pid!,
    data,
    stop: async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    },
  };
}

/**
 * What production requires besides the shell's configuration (config.ts), with the demo data a benchmark reads: React
 * renders in its production mode only under NODE_ENV=production, at about half the development mode's time a page.
 * Mail goes nowhere (no benchmark sends any).
 */
const productionEnv = (publicUrl: string) => ({
  NODE_ENV: "production",
  PUBLIC_URL: publicUrl,
  TOKEN_SECRET: randomBytes(24).toString("hex"),
  SMTP_URL: "smtp://127.0.0.1:1",
  SEED_DEMO: "true",
});

/**
 * The server with this shell's configuration on DATA_DIR when set, else on a fresh temporary folder seeded with
 * `demoAds` demo ads. `production`: the production build (`npm run build`) on plain node with NODE_ENV=production,
 * as an operator runs it (decision 094), for figures a visitor would meet; else the sources in development mode.
 */
export async function startBenchServer({
  demoAds,
  production = false,
}: {
  demoAds: number;
  production?: boolean;
}): Promise<BenchServer> {
  exitUnlessWebBuilt();
  if (production && !existsSync(builtServerEntry)) {
    console.error("The API is not built: run npm run build, then this benchmark again.");
    process.exit(1);
  }
  const temporary = process.env.DATA_DIR ? undefined : temporaryDataDir("bench");
  const env = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  delete env.NODE_ENV;
  const data = process.env.DATA_DIR ?? `${temporary!.path} (demo, ${demoAds} ads)`;
  try {
    const server = await serve(
      { ...env, ...(temporary && { DATA_DIR: temporary.path, DEMO_ADS: String(demoAds) }) },
      data,
      { production },
    );
    return {
      ...server,
      stop: async () => {
        await server.stop();
        temporary?.remove();
      },
    };
  } catch (error) {
    temporary?.remove();
    throw error;
  }
}
