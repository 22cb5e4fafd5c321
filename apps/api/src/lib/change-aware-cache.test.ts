import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "../db/schema/catalog.ts";
import { useTestApp } from "../test/test-app.ts";

const ctx = useTestApp();

const names = async () =>
  (await ctx.app.inject({ url: "/api/categories/active" }))
    .json<{ data: Array<{ name: string }> }>()
    .data.map((category) => category.name);

describe("the change-aware cache", () => {
  it("survives losing its listener connection, and clears when it listens again, since changes may have been missed", async () => {
    const [category] = await ctx.db.select().from(categories).limit(1);
    expect(await names()).toContain(category!.name);

    // The listener's connection is cut (a database restart, a proxy timeout). A change made while it is down is
    // never announced to this process.
    const cut = await ctx.db.execute<{ pid: number }>(sql`
      select pg_terminate_backend(pid) as pid from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
    expect(cut.length).toBeGreaterThan(0);
    await ctx.db
      .update(categories)
      .set({ name: "Changed while nobody listened" })
      .where(eq(categories.id, category!.id));

    // postgres.js listens again on its own; that clears the cache, so the change shows without a restart.
    await expect.poll(names, { timeout: 10_000, interval: 200 }).toContain("Changed while nobody listened");
    // And it listens for real again: the next change shows at once.
    await ctx.db.update(categories).set({ name: "Changed after" }).where(eq(categories.id, category!.id));
    await expect.poll(names, { timeout: 2_000, interval: 100 }).toContain("Changed after");
  });
});
