import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { categories } from "../db/schema/catalog.ts";
import { useTestApp } from "../test/test-app.ts";
import { changeConcerns, parseAdsChange } from "./change-aware-cache.ts";

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

  it("reads what a write concerns, and takes anything it cannot read for everything", () => {
    const change = parseAdsChange("a:7,8;s:3;c:1;u:42;w:toyota corolla http://x.lr/a;b");
    expect(change).toEqual({
      ads: [7, 8],
      subcategories: [3],
      categories: [1],
      users: [42],
      words: new Set(["toyota", "corolla", "http://x.lr/a;b"]),
    });
    for (const payload of ["*", "ads", "subcategories", "a:1;s:2"]) expect(parseAdsChange(payload)).toBe("all");

    expect(changeConcerns(change, { subcategoryId: 3 })).toBe(true);
    expect(changeConcerns(change, { subcategoryId: 4 })).toBe(false);
    expect(changeConcerns(change, { categoryId: 1, searchWords: ["corolla"] })).toBe(true);
    expect(changeConcerns(change, { categoryId: 1, searchWords: ["hilux"] })).toBe(false);
    expect(changeConcerns(change, { userId: 42, subcategoryId: 9 })).toBe(false);
    // A list without bounds (home sections) is concerned by every write.
    expect(changeConcerns(change, {})).toBe(true);
  });
});
