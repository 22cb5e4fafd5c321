import type { TReadiness } from "@waterside/shared/health";
import type { FastifyBaseLogger } from "fastify";
import { pendingMigrations, type Database } from "../../db/database.ts";

/** A probe answers within this, whatever the database does: load balancers give up after a few seconds. */
const READINESS_TIMEOUT_MS = 3000;

export function createHealthService(
  db: Database,
  log: Pick<FastifyBaseLogger, "warn">,
  { timeoutMs = READINESS_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  return {
    /** Whether the database answers and holds every migration this code commits. */
    async readiness(): Promise<TReadiness> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      try {
        // One query does both: pendingMigrations fails when the database does not answer.
        const pending = await Promise.race([pendingMigrations(db), timeout]);
        if (pending.length === 0) return { status: "ready", checks: { database: "ok", migrations: "ok" } };
        return {
          status: "unavailable",
          checks: { database: "ok", migrations: "pending" },
          pending_migrations: pending,
        };
      } catch (error) {
        // The cause stays in the log: the probe is public.
        log.warn({ err: error }, "readiness: the database did not answer");
        return { status: "unavailable", checks: { database: "unreachable", migrations: "unknown" } };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
