import { PostgresJsSession } from "drizzle-orm/postgres-js";
import type { FastifyBaseLogger } from "fastify";
import PgBoss from "pg-boss";
import type { Transaction } from "../db/database.ts";

/**
 * Every job with the payload its handler receives (docs/decisions/036-job-queue.md). Payloads are stored as JSON:
 * ids and plain values, never whole rows, which may have changed by the time the job runs. Jobs are added here as
 * the features that need them land (payment reconciliation, ad expiry, mail, the orphan-file sweep).
 */
export interface JobMap {
  /** Removes stored files no row names, left by a crash between writing files and committing (lib/orphan-files.ts). */
  "storage.sweep-orphans": Record<string, never>;
  /** Tells a recipient who is not connected of a new message on their devices' Web Push (decision 042). */
  "notifications.push-chat-message": { messageId: number; receiverId: number };
  /** Mails a recipient who left a chat's messages unread for a while, at most once an hour per chat. */
  "notifications.email-unread-chat": { chatId: number; receiverId: number };
  /** Recomputes visibility_score of the ads whose counts or ratings changed since the last run (decision 045). */
  "analytics.visibility-scores": Record<string, never>;
  /** After midnight: drops the dedup marks of past days and queues ads whose old counts left the score's window. */
  "analytics.roll-day": Record<string, never>;
  /** Asks MTN about one open payment now (a callback arrived), applying the answer (decision 048). */
  "payments.check": { paymentId: string; followUp?: boolean };
  /** Every minute: asks MTN about the open payments whose next check is due, so a lost callback costs nothing. */
  "payments.reconcile": Record<string, never>;
  /** Recomputes one user's response figures after a conversation opened with them or their first answer (decision 070). */
  "trust.recompute-user": { userId: number };
  /** Daily: recomputes the sellers' response figures as their 90-day window slides (decision 070). */
  "trust.response-stats-sweep": Record<string, never>;
  /** Every minute: handed-over safe deals whose 72 hours passed without a dispute release themselves (issue 33). */
  "deals.auto-release": Record<string, never>;
  /** Every minute: safe deals waiting for payment on an ad that left sale are cancelled. */
  "deals.cancel-stale": Record<string, never>;
  /** Every ten minutes: each moved deal's ledger checked against its state and its providers' answers. */
  "deals.reconcile-ledger": Record<string, never>;
  /** Hands a payout written moments ago to its provider (decision 100); queued in the payout's transaction. */
  "payouts.send": { payoutId: string };
  /** Asks the provider about a payout it took moments ago: transfers usually end within seconds. */
  "payouts.check": { payoutId: string };
  /** Every minute: asks the providers about the open payouts whose next check is due, and sends the ones never taken. */
  "payouts.reconcile": Record<string, never>;
  /** Ends the boosts whose time is up. */
  "payments.expire-subscriptions": Record<string, never>;
  /** Mails the payer the receipt of a successful payment. */
  "payments.send-receipt": { paymentId: string };
  /** Expires the active ads whose expires_at has passed, unless a running boost outlives it (issue 28). */
  "selling.expire-ads": Record<string, never>;
  /** Claims the ads due an expiry reminder, one claim per ad and expiry (issue 28). */
  "selling.expiry-reminders": Record<string, never>;
  /** Tells a seller their ad expires soon: push, mail and SMS as they allow (issue 28). */
  /**
   * Sends a notification of the centre on these channels, each once (issue 29, decision 081); `announce` tells the
   * user's sockets of the new unread count. Queued by notify() in the notification's transaction.
   */
  "notifications.deliver": {
    notificationId: number;
    userId: number;
    channels: Array<"push" | "email" | "sms">;
    announce: boolean;
    pushTag?: string;
    email?: { subject: string; html: string; text: string; unsubscribeUrl?: string };
    /** The SMS's text, when not the title and the link. */
    sms?: string;
  };
  /** Every 5 minutes: queues again the push and SMS deliveries still queued well after their time (decision 081). */
  "notifications.deliver-sweep": Record<string, never>;
}

/** Where pg-boss keeps its tables in the application's database; it creates and migrates them itself. */
export const JOBS_SCHEMA = "pgboss";

/** The SQL with which pg-boss' start installs its schema, for a database that is copied afterwards (the tests' template). */
export const jobsSchemaSql = () => PgBoss.getConstructionPlans(JOBS_SCHEMA);

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
}
export type JobHandler<P> = (payload: P, job: JobContext) => Promise<void>;

export interface QueueOptions {
  /** Attempts after the first failure (default 2), `retryDelay` seconds apart, doubling with `retryBackoff`. */
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  /**
   * A job still running after this long counts as failed and is retried (default 15 minutes). It is also how long a
   * job whose process died stays `active`: pg-boss cannot tell a dead worker from a slow one. Required with
   * `singleton` and `stately`, whose next run waits for the active one (docs/decisions/096-crash-windows.md): a bit
   * longer than the job's real duration, so a crash holds the queue back minutes, not a quarter of an hour.
   */
  expireInSeconds?: number;
  /**
   * `singleton`: at most one job of the queue runs at a time, across every process. `short`: at most one job per
   * `singletonKey` waits to run (a job sent while one waits is skipped); other policies ignore the key.
   */
  policy?: "standard" | "short" | "singleton" | "stately";
  /**
   * Jobs a process fetches at once and runs one after another (default 5). pg-boss fetches once per polling
   * interval, so this bounds a process' throughput on the queue: batchSize jobs every interval.
   */
  batchSize?: number;
  /** Jobs of a fetched batch run at once (default 1: one after another); for jobs that mostly wait on the network. */
  concurrency?: number;
  /** How often an idle worker of this queue looks for jobs, overriding the queue-wide default. */
  pollingIntervalSeconds?: number;
}

export interface SendOptions {
  /**
   * Enqueue inside this transaction: the job exists only if the transaction commits, and no worker sees it before.
   * Without it the job commits on its own, at once.
   */
  tx?: Transaction;
  /** Not before this time. */
  startAfter?: Date;
  /** At most one queued job with this key. */
  singletonKey?: string;
}

/** One job of `sendMany`: its queue and payload, not before `startAfter`, under `singletonKey` (see SendOptions). */
export type JobOrder<M extends { [N in keyof M]: object } = JobMap> = {
  [N in keyof M & string]: { name: N; data: M[N]; startAfter?: Date; singletonKey?: string };
}[keyof M & string];

interface Registered {
  handler: JobHandler<never>;
  options: QueueOptions;
  schedule?: { cron: string; payload: object };
}

/**
 * The PostgreSQL-backed job queue (pg-boss) on the application's database. Modules declare their workers and
 * schedules while the app is built; the process that owns the queue starts it after and stops it before closing the
 * database. Every server process runs the workers: pg-boss hands each job to one of them (`SKIP LOCKED`) and fires
 * each schedule once across all of them.
 */
export function createJobs<M extends { [N in keyof M]: object } = JobMap>({
  url,
  pollingIntervalSeconds = 2,
  maintenanceIntervalSeconds = 30,
  max = 4,
  runWorkers = true,
}: {
  url: string;
  /**
   * false: this process enqueues jobs but runs none and fires no schedule; other processes do (JOB_WORKERS=off,
   * decision 089), so a server's event loop serves only requests.
   */
  runWorkers?: boolean;
  /** How often an idle worker looks for jobs (pg-boss' minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /**
   * How often one of the processes fails the jobs active past their expiry (a dead process' jobs), so they are retried
   * and their queue moves on: pg-boss' default is 120 s, added to every expiry after a crash (decision 096).
   */
  maintenanceIntervalSeconds?: number;
  /** pg-boss' own pool: its workers, schedules and maintenance. Enqueuing inside a transaction uses the app's pool. */
  max?: number;
}) {
  type Name = keyof M & string;
  const registered = new Map<string, Registered>();
  let boss: PgBoss | undefined;
  let started = false;
  /** Failed attempts of each queue in this process since it started, for the metrics (issue 32). */
  const failures = new Map<string, number>();

  function assertNotStarted(what: string) {
    if (boss) throw new Error(`${what} must be declared before the job queue starts`);
  }

  return {
    /** Declares the handler of `name`. A failure (a thrown error) is logged and the job retried per `options`. */
    work<N extends Name>(name: N, handler: JobHandler<M[N]>, options: QueueOptions = {}) {
      assertNotStarted(`The worker of "${name}"`);
      if (registered.has(name)) throw new Error(`The job "${name}" already has a worker`);
      if ((options.policy === "singleton" || options.policy === "stately") && options.expireInSeconds === undefined)
        throw new Error(`The ${options.policy} job "${name}" needs an expireInSeconds that fits its duration`);
      registered.set(name, { handler: handler as JobHandler<never>, options });
    },

    /** Enqueues `name` with `payload` on the cron schedule (UTC, which is Liberia's time), once across processes. */
    schedule<N extends Name>(name: N, cron: string, payload: M[N]) {
      assertNotStarted(`The schedule of "${name}"`);
      const job = registered.get(name);
      if (!job) throw new Error(`The job "${name}" needs a worker before a schedule`);
      job.schedule = { cron, payload };
    },

    /** Enqueues a job; its id, or null when a `singletonKey` job is already queued. */
    async send<N extends Name>(name: N, payload: M[N], { tx, startAfter, singletonKey }: SendOptions = {}) {
      if (!boss || !started) throw new Error(`The job queue is not started; "${name}" was not enqueued`);
      if (!registered.has(name)) throw new Error(`The job "${name}" has no worker`);
      return boss.send(name, payload, {
        ...(startAfter && { startAfter }),
        ...(singletonKey && { singletonKey }),
        ...(tx && { db: transactionExecutor(tx) }),
      });
    },

    /**
     * Enqueues many jobs, of one queue or several, in one statement (each queue's retry and expiry settings apply);
     * inside `tx` they commit with it. A job whose `singletonKey` is taken is skipped as `send` skips it.
     */
    async sendMany(jobs: Array<JobOrder<M>>, { tx }: Pick<SendOptions, "tx"> = {}) {
      if (jobs.length === 0) return;
      if (!boss || !started) throw new Error(`The job queue is not started; "${jobs[0]!.name}" was not enqueued`);
      for (const { name } of jobs) if (!registered.has(name)) throw new Error(`The job "${name}" has no worker`);
      await boss.insert(
        jobs.map(({ name, data, startAfter, singletonKey }) => ({
          name,
          data,
          ...(startAfter && { startAfter }),
          ...(singletonKey && { singletonKey }),
        })),
        tx ? { db: transactionExecutor(tx) } : {},
      );
    },

    /** Installs or migrates pg-boss' schema, creates the queues, starts the workers and schedules. */
    async start(log: Pick<FastifyBaseLogger, "error">) {
      if (boss) return;
      const queue = new PgBoss({
        connectionString: url,
        schema: JOBS_SCHEMA,
        max,
        application_name: "waterside-jobs",
        maintenanceIntervalSeconds,
        // Maintenance and the cron clock run where the workers do.
        ...(!runWorkers && { supervise: false, schedule: false }),
      });
      boss = queue;
      // Without a listener an "error" event (a lost connection during polling or maintenance) would end the process.
      queue.on("error", (error) => log.error({ err: error }, "job queue error"));
      await queue.start();
      for (const [name, { handler, options, schedule }] of registered) {
        const { batchSize = 5, concurrency = 1, pollingIntervalSeconds: interval, ...settings } = options;
        await retryOnDeadlock(() => queue.createQueue(name, { name, ...settings }));
        // createQueue leaves an existing queue alone: settings changed in code since take effect here.
        await queue.updateQueue(name, { name, ...settings });
        const run = async (job: PgBoss.JobWithMetadata<object>) => {
          try {
            await handler(job.data as never, { id: job.id, retryCount: job.retryCount });
          } catch (error) {
            // Failed alone, so it is retried alone; pg-boss completes the rest of the batch when this returns.
            log.error({ err: error, job: name, jobId: job.id, retryCount: job.retryCount }, "a job failed");
            failures.set(name, (failures.get(name) ?? 0) + 1);
            await queue.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        };
        if (!runWorkers) continue;
        const workOptions = { pollingIntervalSeconds: interval ?? pollingIntervalSeconds, batchSize };
        await queue.work<object>(name, { ...workOptions, includeMetadata: true }, async (batch) => {
          // `concurrency` lanes each take the batch's next job until none is left.
          let next = 0;
          const lane = async () => {
            while (next < batch.length) await run(batch[next++]!);
          };
          await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
        });
        if (schedule) await queue.schedule(name, schedule.cron, schedule.payload);
      }
      // Schedules live in the database: one the code no longer declares is removed, or it would go on firing.
      if (runWorkers) {
        for (const { name } of await queue.getSchedules()) {
          if (!registered.get(name)?.schedule) await queue.unschedule(name);
        }
      }
      started = true;
    },

    /** Failed attempts per queue in this process (a thrown error; retries count again), for the metrics. */
    failures: (): ReadonlyMap<string, number> => failures,

    /**
     * Whether the queue is started and its database answers pg-boss' own pool: "stopped" before start and once stop
     * has begun, "unreachable" when the query fails. For /api/ready (issue 32).
     */
    async probe(): Promise<"ok" | "stopped" | "unreachable"> {
      if (!boss || !started) return "stopped";
      try {
        await boss.getDb().executeSql("select 1", []);
        return "ok";
      } catch {
        return "unreachable";
      }
    },

    /**
     * Jobs waiting (created, retry), running (active) and failed for good, per queue, across every process, with the
     * age of the oldest job due to run that no worker has taken: one grouped query, read when the metrics are scraped.
     * Jobs scheduled for later are not counted as waiting. Empty until the queue is started.
     */
    async depths(): Promise<Array<{ queue: string; state: string; jobs: number; oldestDueSeconds: number | null }>> {
      if (!boss || !started) return [];
      const { rows } = await boss.getDb().executeSql(
        `select name, state::text as state, count(*)::int as jobs,
            extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float as oldest
          from ${JOBS_SCHEMA}.job
          where state in ('created', 'retry', 'active', 'failed')
          group by name, state`,
        [],
      );
      return (rows as Array<{ name: string; state: string; jobs: number; oldest: number | null }>).map((row) => ({
        queue: row.name,
        state: row.state,
        jobs: row.jobs,
        oldestDueSeconds: row.oldest,
      }));
    },

    /**
     * Stops fetching, lets running jobs finish for up to `timeoutMs`, then closes pg-boss' pool. Jobs still running
     * then are marked failed and retried later by whichever process is up.
     */
    async stop({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}) {
      started = false;
      await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
      boss = undefined;
    },
  };
}

export type Jobs<M extends { [N in keyof M]: object } = JobMap> = ReturnType<typeof createJobs<M>>;

/**
 * pg-boss' `db` option: its statement run on the transaction's own connection (postgres.js keeps pg-boss' `$1`
 * placeholders as they are), so the job row commits or rolls back with the transaction.
 */
function transactionExecutor(tx: Transaction) {
  const session = tx._.session;
  if (!(session instanceof PostgresJsSession))
    throw new Error("A job can be enqueued only in a postgres.js transaction");
  return {
    async executeSql(text: string, values: unknown[]) {
      // Values as pg (pg-boss' own driver) sends them: undefined as NULL, objects (the payload) as JSON text.
      const params = values.map((value) =>
        value === undefined ? null : isPlainObject(value) ? JSON.stringify(value) : value,
      );
      return { rows: [...(await session.queryObjects(text, params))] };
    },
  };
}

const isPlainObject = (value: unknown) =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Processes starting together create their queues together, and pg-boss' create_queue (a row, then a partition
 * attached to the job table) can deadlock with another process' creating a different queue; PostgreSQL aborts one of
 * them, which tries again. Once a queue exists, creating it again changes nothing.
 */
async function retryOnDeadlock(work: () => Promise<void>, attempts = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const deadlock = (error as { code?: string }).code === "40P01";
      if (!deadlock || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}
