import type { TReadiness } from "@waterside/shared/health";
import type { FastifyBaseLogger } from "fastify";
import { pendingMigrations, type Database } from "../../db/database.ts";
import type { Jobs } from "../../lib/jobs.ts";

/** A probe answers within this, whatever the database does: load balancers give up after a few seconds. */
const READINESS_TIMEOUT_MS = 3000;

export function createHealthService(
  db: Database,
  jobs: Pick<Jobs, "probe">,
  log: Pick<FastifyBaseLogger, "warn">,
  { timeoutMs = READINESS_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  let draining = false;

  /** `work`, or a rejection once `timeoutMs` has passed. */
  async function inTime<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function databaseChecks(): Promise<Pick<TReadiness, "checks" | "pending_migrations"> & { ok: boolean }> {
    try {
      // One query does both: pendingMigrations fails when the database does not answer.
      const pending = await inTime(pendingMigrations(db));
      if (pending.length === 0) return { ok: true, checks: { database: "ok", migrations: "ok", jobs: "ok" } };
      return { ok: false, checks: { database: "ok", migrations: "pending", jobs: "ok" }, pending_migrations: pending };
    } catch (error) {
      // The cause stays in the log: the probe is public.
      log.warn({ err: error }, "readiness: the database did not answer");
      return { ok: false, checks: { database: "unreachable", migrations: "unknown", jobs: "ok" } };
    }
  }

  async function jobsCheck() {
    const state = await inTime(jobs.probe()).catch(() => "unreachable" as const);
    if (state !== "ok") log.warn({ jobs: state }, "readiness: the job queue is not running");
    return state;
  }

  return {
    /**
     * Whether the database answers and holds every migration this code commits, and the job queue runs and reaches
     * its database (every process enqueues jobs, decision 089); not while draining.
     */
    async readiness(): Promise<TReadiness> {
      const [database, jobsState] = await Promise.all([databaseChecks(), jobsCheck()]);
      const { ok, ...rest } = database;
      const checks = { ...rest.checks, jobs: jobsState };
      const ready = ok && jobsState === "ok" && !draining;
      return {
        status: ready ? "ready" : "unavailable",
        ...rest,
        checks,
        ...(draining && { draining: true as const }),
      };
    },

    /**
     * From now on readiness is 503 while every other route still answers: SIGTERM's first step, so load balancers
     * stop sending requests before the port closes (decision 092).
     */
    drain() {
      draining = true;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
