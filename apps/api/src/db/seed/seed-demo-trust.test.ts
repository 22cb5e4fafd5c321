import { TRUST_MIN_CHATS, usualReplyTime } from "@waterside/shared/trust";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app.ts";
import { DEMO_ACCOUNTS, DEMO_UNVERIFIED, seedDemoData } from "./seed-demo.ts";

const ctx = useTestApp();

describe("demo sellers' trust (issue 27)", () => {
  it(
    "verifies most demo phones but an individual's and a business's, and gives sellers varied reply times",
    { timeout: 120_000 },
    async () => {
      expect((await seedDemoData(ctx.db, ctx.storage, { ads: 12 })).seeded).toBe(true);
      const rows = await ctx.sql<
        Array<{
          email: string;
          business: boolean;
          verified: string | null;
          chats: number | null;
          minutes: number | null;
        }>
      >`select u.email, u.usertype_id = 2 as business, u.verified_phone_number as verified,
        rs.chats_count as chats, rs.response_time_minutes as minutes
      from users u left join response_stats rs on rs.user_id = u.id`;
      const byEmail = new Map(rows.map((row) => [row.email, row]));

      for (const account of DEMO_ACCOUNTS) {
        const row = byEmail.get(account.email)!;
        expect(row.verified, account.email).toBe(DEMO_UNVERIFIED.has(account.email) ? null : `+${account.phone}`);
      }
      const unverified = rows.filter((row) => row.verified === null);
      expect(unverified.map((row) => row.business).sort()).toEqual([false, true]);

      // Figures from the minimum on, and every kind of badge: within an hour, within a day, more than a day.
      const shown = rows.filter((row) => row.minutes !== null);
      expect(shown.length).toBeGreaterThanOrEqual(5);
      for (const row of shown) expect(row.chats).toBeGreaterThanOrEqual(TRUST_MIN_CHATS);
      const sentences = new Set(shown.map((row) => usualReplyTime(row.minutes)));
      expect(sentences).toContain("Usually replies within an hour");
      expect(sentences).toContain("Usually replies in more than a day");
      expect([...sentences].some((text) => /few hours|within a day/.test(text!))).toBe(true);
      // The seller the journeys read it on: Paynesville Home & Furniture, with a verified phone.
      const home = byEmail.get("home@demo.waterside.lr")!;
      expect(usualReplyTime(home.minutes)).toBe("Usually replies within an hour");
      expect(home.verified).not.toBeNull();
    },
  );
});
