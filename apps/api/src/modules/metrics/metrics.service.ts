import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../../db/database.ts";
import type { CacheStats } from "../../lib/change-aware-cache.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";

/** Request durations from 5 ms (a cached list) to 10 s (an upload on a slow phone network). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a scrape reads that other modules own, handed over by app.ts as they are built. */
export interface PaymentCounts {
  provider: string;
  status: string;
  payments: number;
  oldestOpenSeconds: number | null;
}
export interface PayoutCounts {
  provider: string;
  status: string;
  payouts: number;
  oldestOpenSeconds: number | null;
}

/**
 * The Prometheus series of one app (decision 092, docs/operations/metrics.md), in a registry of its own: tests that
 * build several apps never share or clash on a series. Counters are counted as things happen; gauges of what lives
 * in the database (job queues, payments, connections) are read by one query each when /metrics is scraped, never
 * polled. A source that fails leaves its series out of that scrape and is logged: the rest still answers.
 */
export function createMetrics({
  db,
  jobs,
  events,
  openSockets,
  log,
}: {
  db: Database;
  jobs: Pick<Jobs, "depths" | "failures">;
  events: DomainEvents;
  /** Socket.IO connections of this process on /messages. */
  openSockets: () => number;
  log: Pick<FastifyBaseLogger, "warn">;
}) {
  const registry = new Registry();
  // Event-loop lag (nodejs_eventloop_lag_*), heap (nodejs_heap_*), GC, CPU, memory, handles of this process.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const caches = new Map<string, () => Record<string, Readonly<CacheStats>>>();
  let paymentCounts: (() => Promise<PaymentCounts[]>) | undefined;
  let payoutCounts: (() => Promise<PayoutCounts[]>) | undefined;

  /**
   * One read shared by the series of one scrape: prom-client collects every series at once, so the second series of
   * a source finds the first one's query in flight instead of running its own.
   */
  function perScrape<T>(load: () => Promise<T>) {
    let inFlight: Promise<T> | undefined;
    return () => {
      if (!inFlight) {
        inFlight = load();
        const clear = () => (inFlight = undefined);
        inFlight.then(clear, clear);
      }
      return inFlight;
    };
  }
  const jobDepths = perScrape(() => jobs.depths());
  const payments = perScrape(async () =>
    (paymentCounts ? await paymentCounts() : []).map((row) => ({ ...row, count: row.payments })),
  );
  const payouts = perScrape(async () =>
    (payoutCounts ? await payoutCounts() : []).map((row) => ({ ...row, count: row.payouts })),
  );

  /** Runs a scrape-time read; on failure the series stay empty for this scrape and the cause goes to the log. */
  async function read<T>(source: string, load: () => Promise<T>): Promise<T | undefined> {
    try {
      return await load();
    } catch (error) {
      log.warn({ err: error, source }, "metrics: a source could not be read");
      return undefined;
    }
  }

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its reply's end, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });

  new Gauge({
    name: "waterside_open_sockets",
    help: "Socket.IO connections of this process on /messages",
    registers,
    collect() {
      this.set(openSockets());
    },
  });

  const messages = new Counter({
    name: "waterside_chat_messages_stored_total",
    help: "Chat messages stored (committed) by this process; resends are not counted",
    registers,
  });
  events.onCommitted("chat.messages.created", async ({ messages: stored }) => {
    messages.inc(stored.length);
  });

  new Gauge({
    name: "waterside_jobs",
    help: "Jobs in the queue by queue and state (created, retry, active, failed), across every process",
    labelNames: ["queue", "state"] as const,
    registers,
    async collect() {
      this.reset();
      const depths = await read("jobs", jobDepths);
      for (const { queue, state, jobs: count } of depths ?? []) this.set({ queue, state }, count);
    },
  });
  new Gauge({
    name: "waterside_job_oldest_due_seconds",
    help: "Age of the oldest job due to run that no worker has taken (created or retry), by queue",
    labelNames: ["queue"] as const,
    registers,
    async collect() {
      this.reset();
      const depths = await read("jobs", jobDepths);
      const oldest = new Map<string, number>();
      for (const { queue, state, oldestDueSeconds } of depths ?? []) {
        if ((state === "created" || state === "retry") && oldestDueSeconds !== null) {
          oldest.set(queue, Math.max(oldest.get(queue) ?? 0, oldestDueSeconds));
        }
      }
      for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
    },
  });
  new Counter({
    name: "waterside_job_failures_total",
    help: "Failed job attempts in this process by queue (each retry that fails counts again)",
    labelNames: ["queue"] as const,
    registers,
    collect() {
      this.reset();
      for (const [queue, count] of jobs.failures()) this.inc({ queue }, count);
    },
  });

  /** Rows of a wallet table (payments, payouts) by provider and status, and the age of the oldest open one. */
  function walletGauges(
    source: "payments" | "payouts",
    noun: "payment" | "payout",
    counts: () => Promise<Array<{ provider: string; status: string; count: number; oldestOpenSeconds: number | null }>>,
  ) {
    new Gauge({
      name: `waterside_${source}`,
      help: `${source[0]!.toUpperCase()}${source.slice(1)} by provider and status (requesting, pending, successful, failed)`,
      labelNames: ["provider", "status"] as const,
      registers,
      async collect() {
        this.reset();
        for (const { provider, status, count } of (await read(source, counts)) ?? [])
          this.set({ provider, status }, count);
      },
    });
    new Gauge({
      name: `waterside_${noun}_oldest_open_seconds`,
      help: `Age of the oldest ${noun} still requesting or pending, by provider and status`,
      labelNames: ["provider", "status"] as const,
      registers,
      async collect() {
        this.reset();
        for (const { provider, status, oldestOpenSeconds } of (await read(source, counts)) ?? []) {
          if (oldestOpenSeconds !== null) this.set({ provider, status }, oldestOpenSeconds);
        }
      },
    });
  }
  walletGauges("payments", "payment", payments);
  // Payouts (decision 100): an open one that ages is money owed that has not gone out: an operator looks.
  walletGauges("payouts", "payout", payouts);
  let dealLedgerDifferences: (() => Promise<number>) | undefined;
  new Gauge({
    name: "waterside_deal_ledger_differences",
    help: "Safe deals whose last ledger reconciliation found a difference (decision 103): any is for an operator",
    registers,
    async collect() {
      const differing = dealLedgerDifferences && (await read("deal ledger", dealLedgerDifferences));
      this.set(differing ?? 0);
    },
  });

  const cacheCounter = (name: string, help: string, pick: (stats: Readonly<CacheStats>) => number) =>
    new Counter({
      name,
      help,
      labelNames: ["cache"] as const,
      registers,
      collect() {
        this.reset();
        for (const [prefix, stats] of caches) {
          for (const [cache, counts] of Object.entries(stats()))
            this.inc({ cache: `${prefix}.${cache}` }, pick(counts));
        }
      },
    });
  cacheCounter("waterside_list_cache_hits_total", "Lookups a list cache answered from memory", (s) => s.hits);
  cacheCounter("waterside_list_cache_misses_total", "Lookups a list cache had to load", (s) => s.misses);

  new Gauge({
    name: "waterside_db_pool_max",
    help: "Connections this process' PostgreSQL pool may open (postgres.js does not expose how many are busy)",
    registers,
  }).set(db.$client.options.max);
  new Gauge({
    name: "waterside_db_connections",
    help: "Connections to this database by client application and state, across every process (pg_stat_activity)",
    labelNames: ["application", "state"] as const,
    registers,
    async collect() {
      this.reset();
      const rows = await read("database", () =>
        db.execute<{ application: string; state: string; connections: number }>(sql`
          select coalesce(nullif(application_name, ''), 'unnamed') as application,
            coalesce(state, 'unknown') as state, count(*)::int as connections
          from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
          group by 1, 2`),
      );
      for (const row of rows ?? []) this.set({ application: row.application, state: row.state }, row.connections);
    },
  });

  return {
    registry,
    /** Counts one answered request under its route pattern (never the raw URL: ids and queries would explode). */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      durations.observe({ method, route }, seconds);
    },
    /** The hits and misses of a module's caches, read at scrape time, labelled `<prefix>.<cache>`. */
    readCaches(prefix: string, stats: () => Record<string, Readonly<CacheStats>>) {
      caches.set(prefix, stats);
    },
    /** Payments by provider and status, read at scrape time (the payments module's one grouped query). */
    readPayments(counts: () => Promise<PaymentCounts[]>) {
      paymentCounts = counts;
    },
    /** Payouts by provider and status, read at scrape time (the payouts module's one grouped query). */
    readPayouts(counts: () => Promise<PayoutCounts[]>) {
      payoutCounts = counts;
    },
    /** How many safe deals the ledger's reconciliation found differing, read at scrape time (issue 33). */
    readDealLedgerDifferences(count: () => Promise<number>) {
      dealLedgerDifferences = count;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
