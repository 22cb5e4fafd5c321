import autocannon from "autocannon";
import Fastify from "fastify";

export interface LoadResult {
  name: string;
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** Bounded load on a loopback URL: `connections` clients for `seconds`, then the latency percentiles. */
export async function measure(
  name: string,
  url: string,
  {
    connections = 50,
    seconds = 10,
    method = "GET",
    body,
    headers,
    vary,
    rate,
  }: {
    connections?: number;
    seconds?: number;
    /** Requests per second across all connections (open load, as browsing is); none: as fast as answered. */
    rate?: number;
    method?: "GET" | "POST";
    body?: unknown;
    headers?: Record<string, string>;
    /** A different request each time (path and/or JSON body), so no cache answers twice. */
    vary?: () => { path?: string; body?: unknown };
  } = {},
): Promise<LoadResult> {
  const json = { "content-type": "application/json" };
  const result = await autocannon({
    url,
    ...(process.env.BENCH_WORKERS && !vary && { workers: Number(process.env.BENCH_WORKERS) }),
    connections,
    duration: seconds,
    ...(rate && { overallRate: rate }),
    method,
    ...(body !== undefined && { body: JSON.stringify(body), headers: { ...json, ...headers } }),
    ...(vary && {
      headers: json,
      requests: [
        {
          method,
          setupRequest: (request) => {
            const next = vary();
            return {
              ...request,
              ...(next.path && { path: next.path }),
              ...(next.body !== undefined && { body: JSON.stringify(next.body) }),
            };
          },
        },
      ],
    }),
  });
  return {
    name,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: result.latency.p97_5 !== undefined ? percentile95(result) : result.latency.p99,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** autocannon reports p90 and p97.5; p95 is interpolated between them. */
function percentile95(result: autocannon.Result): number {
  return Math.round((result.latency.p90 + (result.latency.p97_5 - result.latency.p90) * (5 / 7.5)) * 100) / 100;
}

/**
 * A bare Fastify route in the same process: the floor every figure is compared with. `/bare-reply` takes a POST
 * and answers with the bytes `reply` holds: a stored page's cost without any app, the ceiling of a cached page.
 */
export async function startBareServer() {
  const app = Fastify();
  let bytes: Buffer = Buffer.alloc(0);
  app.get("/bare", async () => ({ data: { ok: true } }));
  app.post("/bare-reply", async (_request, reply) => reply.type("application/json; charset=utf-8").send(bytes));
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url: `${url}/bare`,
    replyUrl: `${url}/bare-reply`,
    reply: (body: Buffer) => (bytes = body),
    close: () => app.close(),
  };
}

/** A figure a row must reach, and how it reads in the table: PASS or MISS with the target. */
export interface Target {
  label: string;
  met: (row: LoadResult, baseline: LoadResult) => boolean;
}

export function printTable(results: LoadResult[], baseline: LoadResult, targets: Record<string, Target> = {}) {
  const rows = results.map((row) => ({
    route: row.name,
    "req/s": row.rps,
    "p50 ms": row.p50,
    "p95 ms": row.p95,
    "p99 ms": row.p99,
    "p95 / bare": (row.p95 / Math.max(baseline.p95, 0.01)).toFixed(1),
    errors: row.errors,
    ...(targets[row.name] && {
      target: `${targets[row.name]!.met(row, baseline) ? "PASS" : "MISS"} ${targets[row.name]!.label}`,
    }),
  }));
  console.table(rows);
}

/**
 * Routes measured in turn, `rounds` times each, for `seconds` in all per route: the machine's speed drifts by a
 * quarter within a minute, and routes compared with each other (a ratio to the bare route) should share its drifts.
 * Requests are summed; each percentile is the median of the rounds'.
 */
export async function measureInterleaved(
  routes: Array<{ name: string; url: string; settings: Parameters<typeof measure>[2] }>,
  { rounds, seconds }: { rounds: number; seconds: number },
): Promise<LoadResult[]> {
  const runs = routes.map(() => [] as LoadResult[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, route] of routes.entries()) {
      runs[index]!.push(await measure(route.name, route.url, { ...route.settings, seconds: seconds / rounds }));
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return routes.map((route, index) => {
    const rounds = runs[index]!;
    const requests = rounds.reduce((sum, run) => sum + run.requests, 0);
    return {
      name: route.name,
      requests,
      rps: Math.round(requests / seconds),
      p50: median(rounds.map((run) => run.p50)),
      p95: median(rounds.map((run) => run.p95)),
      p99: median(rounds.map((run) => run.p99)),
      errors: rounds.reduce((sum, run) => sum + run.errors, 0),
    };
  });
}
