import { z } from "zod";

/** GET /api/health: the process is up. Answered without touching the database. */
export const ZHealth = z.object({ status: z.literal("ok") });

/**
 * GET /api/ready: whether this process should get traffic. 200 when every check is "ok", else 503 naming the failed
 * check; a check that could not run (migrations, with the database down) is "unknown". The job queue is "stopped"
 * before it starts and once stopping began, "unreachable" when its connection fails. `draining`: the process got
 * SIGTERM and is about to stop; it still serves requests while load balancers take it out (decision 092).
 */
export const ZReadiness = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({
    database: z.enum(["ok", "unreachable"]),
    migrations: z.enum(["ok", "pending", "unknown"]),
    jobs: z.enum(["ok", "stopped", "unreachable"]),
  }),
  draining: z.literal(true).optional(),
  /** Committed migrations the database lacks, by file name. */
  pending_migrations: z.array(z.string()).optional(),
});
export type TReadiness = z.infer<typeof ZReadiness>;
