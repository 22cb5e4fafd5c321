import postgres from "postgres";
import { describe, expect, inject, it } from "vitest";
import { migrateDatabase, openDatabase } from "./database.ts";

describe("migrating one database from several processes at once", () => {
  it("lets one apply the migrations while the others wait, and none fails", async () => {
    // An empty database, as a deploy's first start finds it: not the run's migrated template.
    const pattern = inject("databaseUrlPattern");
    const name = `migrate_together_${process.pid}_${Date.now()}`;
    const admin = postgres(pattern.replace("{database}", "postgres"), { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const processes = await Promise.all([1, 2, 3].map(() => openDatabase(pattern.replace("{database}", name))));
    try {
      const outcomes = await Promise.allSettled(processes.map((handle) => migrateDatabase(handle.db)));
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      // Each committed migration recorded once; the ads table is there.
      const [applied] = await processes[0]!.sql<[{ rows: number; distinct: number }]>`
        select count(*)::int as rows, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`;
      expect(applied!.rows).toBeGreaterThan(30);
      expect(applied!.distinct).toBe(applied!.rows);
      const [ads] = await processes[0]!.sql`select to_regclass('public.ads') is not null as found`;
      expect(ads!.found).toBe(true);
    } finally {
      await Promise.all(processes.map((handle) => handle.close()));
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
