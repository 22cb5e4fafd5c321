import { spawn } from "node:child_process";
import { createServer } from "node:net";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * A Redis of the test's own: a `redis-server` on a free port without persistence, so counters and rooms of one
 * test never meet another's. Machines without the binary fall back to TEST_REDIS_URL (shared; stop() leaves it
 * running); with neither, `url` is undefined and the tests that need Redis skip.
 */
export async function startRedis(): Promise<{ url: string | undefined; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const started = await new Promise<boolean>((resolve) => {
    let output = "";
    child.once("error", () => resolve(false));
    child.once("exit", () => resolve(false));
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Ready to accept connections")) resolve(true);
    });
  });
  if (!started) return { url: process.env.TEST_REDIS_URL, stop: async () => {} };
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
