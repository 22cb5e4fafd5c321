import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app.ts";
import { users } from "./schema/users.ts";

const ctx = useTestApp();

describe("statements on the app's connections (decision 112)", () => {
  it("are prepared once per connection, in transactions and savepoints too, and planned for their values", async () => {
    const prepared = await ctx.db.transaction(async (tx) => {
      const read = (id: number) => tx.select({ name: users.name }).from(users).where(eq(users.id, id));
      await read(1);
      await read(2);
      await tx.transaction(async (savepoint) => {
        await savepoint.select({ email: users.email }).from(users).where(eq(users.id, 3));
      });
      return tx.execute<{ statement: string; plan_cache_mode: string }>(sql`
        select statement, current_setting('plan_cache_mode') as plan_cache_mode from pg_prepared_statements
        where statement like '%from "users"%'`);
    });
    const statements = prepared.map((row) => row.statement);
    // Two reads of one text share one statement; the savepoint's query is prepared on the same connection.
    expect(statements.filter((text) => text.startsWith('select "name" from "users"'))).toHaveLength(1);
    expect(statements.filter((text) => text.startsWith('select "email" from "users"'))).toHaveLength(1);
    expect(prepared[0]!.plan_cache_mode).toBe("force_custom_plan");
  });
});
