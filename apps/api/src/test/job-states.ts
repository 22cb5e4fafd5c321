import type { Sql } from "postgres";
import type { JobMap } from "../lib/jobs.ts";

/**
 * The states of the jobs of `name` whose payload holds `data`, oldest first. A test that checks that something did
 * not happen waits for these to end ("completed", "failed", "cancelled") first: then the job that would have done it
 * has run, and the check can no longer pass merely because it came too early.
 */
export async function jobStates<Name extends keyof JobMap>(sql: Sql, name: Name, data: Partial<JobMap[Name]>) {
  const rows = await sql<{ state: string }[]>`
    select state from pgboss.job where name = ${name} and data @> ${JSON.stringify(data)}::jsonb order by created_on, id`;
  return rows.map((row) => row.state);
}
