import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/database.ts";
import { addDays, dayOf } from "./analytics-days.ts";
import { createAnalyticsIngestion } from "./analytics-ingestion.ts";
import { createAnalyticsReports } from "./analytics-reports.ts";
import type { IngestionGate } from "./ingestion-gate.ts";
import { createVisibilityScores } from "./visibility-scores.ts";

export interface AnalyticsOptions {
  /**
   * How long accepted views and clicks wait in the process before one statement writes them all (default 1 s);
   * 0 writes each request's events before it is answered (decision 044 measures both).
   */
  flushIntervalMs?: number;
  /** The clock; tests move it to another day. */
  now?: () => Date;
  /**
   * Which view, click and contact registrations to admit (decision 098): "event-loop" sheds them while this process's
   * event loop lags (the default, but under NODE_ENV=test, whose processes share two busy cores: "off" admits all); a
   * gate passed in is one whose lag its owner sets (tests, benchmarks).
   */
  ingestionGate?: IngestionGate | "event-loop" | "off";
}

/**
 * Analytics: counting what buyers do (`analytics-ingestion.ts`, decision 044), what sellers read of it
 * (`analytics-reports.ts`) and the visibility score lists rank by (`visibility-scores.ts`, decision 045).
 */
export function createAnalyticsService({
  db,
  secret,
  log,
  flushIntervalMs = 1000,
  now = () => new Date(),
}: { db: Database; secret: string; log: Pick<FastifyBaseLogger, "error"> } & AnalyticsOptions) {
  const ingestion = createAnalyticsIngestion({ db, secret, log, flushIntervalMs, now });
  const { flush } = ingestion;
  const scores = createVisibilityScores({ db, now, flush });

  return {
    register: ingestion.register,
    countSave: ingestion.countSave,
    countContact: ingestion.countContact,
    ...createAnalyticsReports({ db, now, flush }),
    rescoreBoosted: scores.rescoreBoosted,
    recomputeScores: scores.recomputeScores,

    /**
     * The day's job: marks of days before yesterday are dropped (only today's decide anything; yesterday's wait for
     * late batches), and ads whose oldest counted day left the score's window are queued for the score job.
     */
    async rollDay(): Promise<{ pruned: number; queued: number }> {
      const today = dayOf(now());
      const pruned = await ingestion.pruneMarksBefore(addDays(today, -1));
      return { pruned, queued: await scores.queueAdsLeavingWindow(today) };
    },

    /** Writes what is buffered (the app's onClose); later events are written as they come. */
    close: ingestion.close,
    /** Writes what is buffered now (tests, benchmarks). */
    flush,
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
