import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { WORD_SIMILARITY_THRESHOLD } from "../../apps/api/src/db/database.ts";
import { schema } from "../../apps/api/src/db/database.ts";

export interface CapturedQuery {
  text: string;
  params: unknown[];
}

/**
 * A Drizzle handle on its own connections that records every statement run through it, Drizzle's or raw, so a
 * benchmark can replay the exact SQL of a request under EXPLAIN.
 */
export function capturingDatabase(url: string) {
  const captured: CapturedQuery[] = [];
  const client = postgres(url, {
    max: 2,
    onnotice: () => {},
    connection: { "pg_trgm.word_similarity_threshold": WORD_SIMILARITY_THRESHOLD },
    debug: (_connection, text, params) => captured.push({ text, params }),
  });
  return { db: drizzle(client, { schema }), captured, close: () => client.end() };
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one statement, printed, with any sequential scan on a large table called out.
 * `settings` are the `set local` statements the request ran before it, replayed in the same transaction.
 */
export async function explain(client: postgres.Sql, label: string, query: CapturedQuery, settings: string[] = []) {
  const rows = await client.begin(async (tx) => {
    for (const setting of settings) await tx.unsafe(setting);
    return tx.unsafe(`explain (analyze, buffers) ${query.text}`, query.params as never[]);
  });
  const plan = rows.map((row) => row["QUERY PLAN"] as string);
  const seqScans = plan.filter((line) => /Seq Scan on (ads|ad_images|ad_attribute_values)\b/.test(line));
  console.log(
    `\nEXPLAIN ${label}${seqScans.length ? `  ⚠ ${seqScans.length} sequential scan(s) on a large table` : "  (no sequential scan on large tables)"}`,
  );
  for (const line of plan) console.log(`  ${line}`);
}
