import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { openDatabase } from "../../db/database.ts";
import { createJobs } from "../../lib/jobs.ts";
import { createTestApp, useTestApp } from "../../test/test-app.ts";
import { createHealthService } from "./health.service.ts";

const ctx = useTestApp();
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** The API on a database at `url` that may not answer; the run's media folder and settings otherwise. */
async function appOnDatabase(url: string) {
  const database = await openDatabase(url, { max: 1 });
  const config = loadConfig({
    NODE_ENV: "test",
    TOKEN_SECRET: "t".repeat(40),
    DATA_DIR: path.dirname(inject("mediaDir")),
  });
  const app = await buildApp({ config, db: database.db, storage: ctx.storage, jobs: createJobs({ url }) });
  cleanups.push(
    () => app.close(),
    () => database.close(),
  );
  return app;
}

/** A TCP server on a free port: `listening` accepts connections and never says a word, else the port is closed. */
async function silentPort({ listening }: { listening: boolean }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const close = () =>
    new Promise<void>((resolve) => {
      sockets.forEach((socket) => socket.destroy());
      server.close(() => resolve());
    });
  if (listening) cleanups.push(close);
  else await close();
  return port;
}

describe("health and readiness", () => {
  it("answers /api/health without the database, and /api/ready with every check, never cached", async () => {
    const health = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok" });
    expect(health.headers["cache-control"]).toBe("no-store");

    const ready = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok", jobs: "ok" } });
    expect(ready.headers["cache-control"]).toBe("no-store");

    // /api/health stays up with the database gone: the process is alive, only readiness depends on it.
    const down = await appOnDatabase(`postgres://postgres@127.0.0.1:${await silentPort({ listening: false })}/none`);
    expect((await down.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ status: "ok" });
  });

  it("is never rate limited: a load balancer polls from one address", async () => {
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        ctx.app.inject({ method: "GET", url: i % 2 ? "/api/ready" : "/api/health", remoteAddress: "10.0.0.7" }),
      ),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(60).fill(200));
  });

  it("is 503 naming the migrations the database lacks", async () => {
    const [last] = await ctx.sql<{ id: number; hash: string; created_at: string }[]>`
      delete from drizzle.__drizzle_migrations
      where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
      returning id, hash, created_at`;
    try {
      const ready = await ctx.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.status).toBe("unavailable");
      expect(body.checks).toEqual({ database: "ok", migrations: "pending", jobs: "ok" });
      expect(body.pending_migrations).toHaveLength(1);
      expect(body.pending_migrations[0]).toMatch(/^\d{4}_[\w-]+$/);
    } finally {
      await ctx.sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${last!.id}, ${last!.hash}, ${last!.created_at})`;
    }

    // A database nothing was ever applied to lacks them all.
    const blank = await ctx.sql<{ count: number }[]>`
      select count(*)::int as count from drizzle.__drizzle_migrations`;
    await ctx.sql`truncate drizzle.__drizzle_migrations`;
    try {
      const ready = await ctx.app.inject({ method: "GET", url: "/api/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().pending_migrations).toHaveLength(blank[0]!.count);
    } finally {
      await ctx.sql.unsafe(`drop table drizzle.__drizzle_migrations`);
    }
    const noTable = await ctx.app.inject({ method: "GET", url: "/api/ready" });
    expect(noTable.statusCode).toBe(503);
    expect(noTable.json().pending_migrations).toHaveLength(blank[0]!.count);
  });

  it("is 503 when the database is unreachable, and answers in time when it never replies", async () => {
    const refused = await appOnDatabase(`postgres://postgres@127.0.0.1:${await silentPort({ listening: false })}/x`);
    const ready = await refused.inject({ method: "GET", url: "/api/ready" });
    expect(ready.statusCode).toBe(503);
    // Its job queue was never started either: a process that cannot enqueue jobs takes no traffic.
    expect(ready.json()).toEqual({
      status: "unavailable",
      checks: { database: "unreachable", migrations: "unknown", jobs: "stopped" },
    });

    // A database host that accepts connections and never answers (a dead network path): the probe does not hang.
    const url = `postgres://postgres@127.0.0.1:${await silentPort({ listening: true })}/x`;
    const database = await openDatabase(url, { max: 1 });
    cleanups.push(() => database.sql.end({ timeout: 0 }));
    const silent = createHealthService(database.db, createJobs({ url }), { warn: () => {} }, { timeoutMs: 300 });
    const started = performance.now();
    expect(await silent.readiness()).toEqual({
      status: "unavailable",
      checks: { database: "unreachable", migrations: "unknown", jobs: "stopped" },
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("is 503 while draining, as every other route still answers, and once the job queue has stopped", async () => {
    const own = await createTestApp();
    try {
      own.app.health.drain();
      const draining = await own.app.inject({ method: "GET", url: "/api/ready" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({
        status: "unavailable",
        checks: { database: "ok", migrations: "ok", jobs: "ok" },
        draining: true,
      });
      expect((await own.app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
      expect((await own.app.inject({ method: "POST", url: "/api/ads/get", payload: {} })).statusCode).toBe(200);

      await own.jobs.stop();
      const stopped = await own.app.inject({ method: "GET", url: "/api/ready" });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json().checks).toEqual({ database: "ok", migrations: "ok", jobs: "stopped" });
    } finally {
      await own.close();
    }
  });

  it("is 503 once shutdown has begun, while a request already in flight still completes", async () => {
    const own = await createTestApp();
    const { port } = new URL(await own.app.listen({ port: 0, host: "127.0.0.1" }));
    // A request whose body is still arriving when the server starts closing, then a readiness probe after it on the
    // same connection (HTTP/1.1 pipelining): the first gets its answer, the probe 503.
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    const ended = new Promise((resolve) => socket.on("close", resolve));
    const inFlight = new Promise((resolve) => own.app.server.once("request", resolve));
    socket.write(
      "POST /api/ads/get HTTP/1.1\r\nHost: waterside.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{",
    );
    await inFlight;
    const closed = own.app.close();
    // Fastify marks itself closing before it stops listening.
    await expect.poll(() => own.app.server.listening).toBe(false);
    socket.write("}GET /api/ready HTTP/1.1\r\nHost: waterside.test\r\n\r\n");
    await Promise.all([ended, closed]);

    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    expect(statuses).toEqual([200, 503]);
    await own.close();
  });
});
