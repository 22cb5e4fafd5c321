import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "../schema/admin.ts";
import { exchangeRates } from "../schema/exchange-rates.ts";
import { signedInAdmin } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { DEMO_EXCHANGE_RATES, writeDemoExchangeRates } from "./seed-demo-exchange-rates.ts";

const ctx = useTestApp();

describe("the demo's exchange rate history (issue 30)", () => {
  it("writes ten daily CBL rates once, those the admin set audited, and nothing when a rate exists", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db, "Demo Rates Admin");
    await ctx.db.transaction((tx) => writeDemoExchangeRates(tx, admin.id));

    const rows = await ctx.db.select().from(exchangeRates).orderBy(asc(exchangeRates.id));
    expect(rows.map((row) => row.usd_lrd)).toEqual(DEMO_EXCHANGE_RATES.map((rate) => rate.usd_lrd));
    for (const [index, row] of rows.entries()) {
      expect(row.usd_lrd).toBeGreaterThanOrEqual(186);
      expect(row.usd_lrd).toBeLessThanOrEqual(195);
      expect(row.note).toMatch(/^CBL daily rate, \d{1,2} [A-Z][a-z]{2}$/);
      expect(row.created_at.getTime()).toBeLessThan(Date.now());
      // One a day, in the order of their ids: the newest id is the rate in force.
      if (index > 0) {
        const gap = row.created_at.getTime() - rows[index - 1]!.created_at.getTime();
        expect(gap).toBe(86_400_000);
      }
    }
    const byAdmin = rows.filter((row) => row.admin_id === admin.id);
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.admin_id === null)).toBe(true);

    // Each rate the admin set has its record, dated with it, naming the rate it replaced.
    const records = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "exchange_rate.set"))
      .orderBy(asc(adminAuditLog.target_id));
    expect(records.map((record) => record.target_id)).toEqual(byAdmin.map((row) => row.id));
    for (const record of records) {
      const index = rows.findIndex((row) => row.id === record.target_id);
      expect(record.before).toEqual({ usd_lrd: rows[index - 1]!.usd_lrd });
      expect(record.after).toEqual({ usd_lrd: rows[index]!.usd_lrd, note: rows[index]!.note });
      expect(record.created_at.getTime()).toBe(rows[index]!.created_at.getTime());
    }

    // The screens read it: the rate in force, and the history's first page with the admin's name.
    const latest = await ctx.app.inject({ url: "/api/exchange-rates/latest" });
    expect(latest.json().data.usd_lrd).toBe(DEMO_EXCHANGE_RATES.at(-1)!.usd_lrd);
    const history = await ctx.app.inject({ url: "/api/admin/exchange-rates", headers });
    expect(history.json().data.data[0]).toMatchObject({
      usd_lrd: DEMO_EXCHANGE_RATES.at(-1)!.usd_lrd,
      previous_usd_lrd: DEMO_EXCHANGE_RATES.at(-2)!.usd_lrd,
      admin: { id: admin.id, name: "Demo Rates Admin" },
    });

    // A rate already there (another part of the demo seeded one): nothing more.
    await ctx.db.transaction((tx) => writeDemoExchangeRates(tx, admin.id));
    expect(await ctx.db.$count(exchangeRates)).toBe(DEMO_EXCHANGE_RATES.length);
    expect(await ctx.db.$count(adminAuditLog, eq(adminAuditLog.action, "exchange_rate.set"))).toBe(records.length);
  });
});
