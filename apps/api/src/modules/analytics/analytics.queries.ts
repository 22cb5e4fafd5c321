import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

// What the queries of ingestion, reports and scores share (analytics-ingestion.queries.ts, analytics-reports.queries.ts,
// visibility-scores.queries.ts).

/**
 * What a mark or a count is of (analytics_marks.kind): a card seen (80% visible), a card clicked, an ad saved, the
 * seller contacted (the phone number revealed or a chat started about the ad).
 */
export const ANALYTICS_KIND = { view: 1, click: 2, save: 3, contact: 4 } as const;
export type AnalyticsKind = (typeof ANALYTICS_KIND)[keyof typeof ANALYTICS_KIND];

export type Executor = Database | Transaction;

/** A PostgreSQL array literal of values we produced ourselves (numbers, checked days, hashes): one parameter. */
export const arrayLiteral = (values: ReadonlyArray<string | number | null>) =>
  `{${values.map((value) => (value === null ? "NULL" : String(value))).join(",")}}`;

/** The owner of an ad, whatever its status, or undefined when it does not exist. */
export async function findAdOwner(db: Executor, adId: number): Promise<number | undefined> {
  const [row] = await db.execute<{ user_id: number }>(sql`select user_id from ads where id = ${adId}`);
  return row?.user_id;
}
