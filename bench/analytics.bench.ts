/**
 * Ad analytics ingestion beside browsing (issue 14, decision 044). 200 simulated viewers (over 200 connections, each
 * viewer with its own address and visitor id, as a trusted proxy reports them) register views of 1,000 active ads,
 * 20 ads a call, each walking the ads in its own order and starting over (repeats count for nothing). Meanwhile
 * POST /api/ads/get is measured (a cached list, and searches that read the database) and compared with the same
 * requests without that load, timed to the microsecond by a thread of its own (lib/latency-probe.ts). Two passes:
 * viewers sending as fast as they are answered (how many events a second one process takes), then at a fixed rate,
 * the same for both ways of writing (how much each slows browsing). Both ways are measured: the in-process buffer
 * written every second (the default), and one statement per request.
 *
 * The API runs as its own process per way of writing (this file, started with ANALYTICS_BENCH_FLUSH_MS), on the
 * configured database (DATABASE_URL, else the embedded one under DATA_DIR); the load comes from this process.
 */
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { createJobs } from "../apps/api/src/lib/jobs.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { probeLatency } from "./lib/latency-probe.ts";
import type { LoadResult } from "./lib/load.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VIEWERS = 200;
const ADS = 1000;
const IDS_PER_CALL = 20;
/** Browsing connections measuring POST /api/ads/get. */
const BROWSERS = 10;
/**
 * The offered rate of the second pass, in calls a second (20 ads each), the same for both ways of writing. Phones
 * send once a minute, so 100 calls a second stand for some 6,000 people browsing at the same time.
 */
const RATE = Number(process.env.BENCH_ANALYTICS_RATE ?? 100);

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const serveFlushMs = process.env.ANALYTICS_BENCH_FLUSH_MS;

if (serveFlushMs !== undefined) {
  // The API process: addresses come from X-Forwarded-For, set by the viewers, as behind a trusted proxy. The job
  // queue is not started: the score job is not measured here.
  const app = await buildApp({
    config: { ...config, trustProxy: ["127.0.0.1"] },
    db: database.db,
    storage: createStorage(config),
    jobs: createJobs({ url: database.url }),
    analytics: { flushIntervalMs: Number(serveFlushMs) },
  });
  console.log(`ready ${await app.listen({ port: 0, host: "127.0.0.1" })}`);
  process.once("SIGTERM", () => {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  });
} else {
  await runBenchmark();
}

/** This file as an API process writing every `flushMs` (0: each request). */
async function startServer(flushMs: number) {
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename], {
    env: { ...process.env, ANALYTICS_BENCH_FLUSH_MS: String(flushMs), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /ready (\S+)/.exec(output);
      if (ready) resolve(ready[1]!);
    });
    child.once("exit", (code) => reject(new Error(`The API process exited with ${code}:\n${output}`)));
  });
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function runBenchmark() {
  const servers = { "buffered, 1 s": await startServer(1000), "one statement per request": await startServer(0) };

  const adIds = (
    await database.db.execute<{ id: number }>(sql`select id from ads where status_id = 2 order by id limit ${ADS}`)
  ).map((row) => row.id);
  const [{ count }] = (await database.sql`select count(*)::int as count from ads`) as unknown as [{ count: number }];
  // The most populated subcategory, by popularity (the listing's default): one list, answered from the list cache
  // after the first request. And word searches with a random price bound, which the cache cannot answer (each one
  // reads the database, as in ads.bench.ts "search, varied").
  const [pick] = await database.db.execute<{ subcategory_id: number }>(sql`
    select subcategory_id from ads where status_id = 2 group by subcategory_id order by count(*) desc limit 1`);
  const list = { subcategory_id: pick!.subcategory_id, sort_combined: "visibility_score|desc" };
  const randomInt = (max: number) => Math.floor(Math.random() * max);
  const words = ["toyota", "nissan", "honda", "house", "land", "phone", "solar", "rice", "bed", "generator"];
  const variedSearch = () => ({ search: words[randomInt(words.length)], price_max: 1000 + randomInt(100_000) });
  console.log(
    `Analytics benchmark: ${count.toLocaleString("en")} ads in the database, ${VIEWERS} viewers × ${adIds.length} ` +
      `ads, ${IDS_PER_CALL} ads a call, ${BROWSERS} browsing connections, ${SECONDS} s per phase`,
  );

  const countedViews = async () => {
    const [row] = await database.db.execute<{ views: number }>(sql`
      select coalesce(sum(views), 0)::int as views from ad_daily_stats
      where day = (now() at time zone 'utc')::date and ad_id = any(${`{${adIds.join(",")}}`}::int[])`);
    return row!.views;
  };

  /** p95 between autocannon's p90 and p97.5, as lib/load.ts reports it. */
  const p95 = (latency: autocannon.Histogram) =>
    Math.round((latency.p90 + (latency.p97_5 - latency.p90) * (5 / 7.5)) * 100) / 100;

  interface Ingestion {
    mode: string;
    offered: string;
    calls: number;
    failed: number;
    p50: number;
    p95: number;
    counted: number;
    settledSeconds: number;
  }

  /**
   * VIEWERS connections registering views on `origin` for SECONDS, as fast as they are answered or at `rate` calls a
   * second in all; a fresh set of viewers and addresses each run, so their views count.
   */
  async function ingest(mode: string, origin: string, rate?: number): Promise<Ingestion> {
    const run = `${Date.now().toString(36)}${randomInt(1e6).toString(36)}`;
    const octet = 1 + randomInt(250);
    // autocannon starts each request with a fresh context, so the viewers take turns: each walks its own order.
    const viewers = Array.from({ length: VIEWERS }, () => ({
      order: [...adIds].sort(() => Math.random() - 0.5),
      cursor: 0,
    }));
    let turn = 0;
    const before = await countedViews();
    const result = await autocannon({
      url: `${origin}/api/analytics/ad/views`,
      connections: VIEWERS,
      duration: SECONDS,
      ...(rate && { overallRate: rate }),
      requests: [
        {
          method: "POST",
          setupRequest: (request) => {
            const id = turn++ % VIEWERS;
            const viewer = viewers[id]!;
            const ids = viewer.order.slice(viewer.cursor, viewer.cursor + IDS_PER_CALL);
            viewer.cursor = (viewer.cursor + IDS_PER_CALL) % adIds.length;
            return {
              ...request,
              headers: {
                "content-type": "application/json",
                "x-forwarded-for": `10.${octet}.${id >> 8}.${id & 255}`,
              },
              body: JSON.stringify({ ids, visitor_id: `bench-${run}-${id}` }),
            };
          },
        },
      ],
    });
    // Buffered events are written within a second, or what piled up shortly after: wait until the counts settle.
    const ended = performance.now();
    let after = await countedViews();
    for (let settled = 0; settled < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = await countedViews();
      settled = now === after ? settled + 1 : 0;
      after = now;
    }
    return {
      mode,
      offered: rate ? `${rate} calls/s` : "saturating",
      calls: result.requests.total,
      failed: result.errors + result.non2xx,
      p50: result.latency.p50,
      p95: p95(result.latency),
      counted: after - before,
      // The last 1.5 s were the check that nothing more came.
      settledSeconds: Math.max(0, (performance.now() - ended) / 1000 - 1.5),
    };
  }

  const pause = () => new Promise((resolve) => setTimeout(resolve, 4000));
  const searches = Array.from({ length: 5000 }, variedSearch);
  const browse = (name: string, origin: string, varied: boolean, seconds = SECONDS) =>
    probeLatency({
      name,
      url: `${origin}/api/ads/get`,
      connections: BROWSERS,
      seconds,
      bodies: varied ? searches : [list],
    });

  const browsing: Array<LoadResult & { alone?: number }> = [];
  const ingestions: Ingestion[] = [];
  for (const varied of [false, true]) {
    const label = varied ? "ads/get, varied search" : "ads/get, same list";
    for (const { origin } of Object.values(servers)) await browse(label, origin, varied, 2); // warm caches and pages
    const alone = await browse(`${label}, alone`, servers["buffered, 1 s"].origin, varied);
    browsing.push(alone);
    await pause();
    for (const rate of [undefined, RATE]) {
      for (const [mode, { origin }] of Object.entries(servers)) {
        const [during, ingestion] = await Promise.all([
          browse(`${label}, ingestion ${rate ? `at ${rate} calls/s` : "saturating"} (${mode})`, origin, varied),
          ingest(mode, origin, rate),
        ]);
        browsing.push({ ...during, alone: alone.p95 });
        ingestions.push(ingestion);
        await pause();
      }
    }
  }

  console.table(
    ingestions.map((row) => ({
      writes: row.mode,
      offered: row.offered,
      "calls/s": Math.round(row.calls / SECONDS),
      "events/s": Math.round(((row.calls - row.failed) * IDS_PER_CALL) / SECONDS),
      "counted/s": Math.round(row.counted / SECONDS),
      "written within s": row.settledSeconds.toFixed(1),
      "p50 ms": row.p50,
      "p95 ms": row.p95,
      failed: row.failed,
    })),
  );
  console.table(
    browsing.map((row) => ({
      route: row.name,
      "req/s": row.rps,
      "p50 ms": row.p50,
      "p95 ms": row.p95,
      "p99 ms": row.p99,
      "p95 / alone": row.alone ? (row.p95 / Math.max(row.alone, 0.01)).toFixed(2) : "1.00",
      errors: row.errors,
    })),
  );

  for (const server of Object.values(servers)) await server.stop();
  await database.close();
}
