import { existsSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { adImages, ads } from "../schema/ads.ts";
import { areas, categories, counties, subcategoryAttributes } from "../schema/catalog.ts";
import { companies, users } from "../schema/users.ts";
import { useTestApp } from "../../test/test-app.ts";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { authHeaders, createAd, createUser, signedInAdmin } from "../../test/factories.ts";
import { seedDemoData } from "./seed-demo.ts";
import { writeDemoModeration } from "./seed-demo-moderation.ts";
import { seedReferenceData } from "./seed-reference.ts";

const ctx = useTestApp();

describe("reference data", () => {
  it("is seeded once: running it again on a seeded database adds nothing", async () => {
    const before = await Promise.all(
      [counties, areas, categories, subcategoryAttributes].map((table) => ctx.db.$count(table)),
    );
    const result = await seedReferenceData(ctx.db, ctx.storage);
    expect(result.seeded).toEqual([]);
    const after = await Promise.all(
      [counties, areas, categories, subcategoryAttributes].map((table) => ctx.db.$count(table)),
    );
    expect(after).toEqual(before);
    expect(before[0]).toBe(15);
  });
});

describe("demo data", () => {
  it(
    "creates individual and business users and ads with 2 to 8 WebP photos each, once",
    { timeout: 90_000 },
    async () => {
      const result = await seedDemoData(ctx.db, ctx.storage, { ads: 24 });
      expect(result.seeded).toBe(true);
      expect(await ctx.db.$count(ads)).toBe(24);
      const companyRows = await ctx.db.select().from(companies);
      expect(companyRows.length).toBeGreaterThan(0);
      for (const company of companyRows) {
        expect(company.latitude).toBeGreaterThan(4);
        expect(company.latitude).toBeLessThan(9);
        expect(company.longitude).toBeGreaterThan(-12);
        expect(company.longitude).toBeLessThan(-7);
      }
      const images = await ctx.db.select().from(adImages);
      const perAd = new Map<number, number>();
      for (const image of images) perAd.set(image.ad_id, (perAd.get(image.ad_id) ?? 0) + 1);
      expect(perAd.size).toBe(24);
      for (const count of perAd.values()) {
        expect(count).toBeGreaterThanOrEqual(2);
        expect(count).toBeLessThanOrEqual(8);
      }
      const mediaDir = inject("mediaDir");
      for (const variant of AD_IMAGE_VARIANTS)
        expect(existsSync(path.join(mediaDir, `${images[0]!.path}-${variant}.webp`))).toBe(true);

      // Every demo account has chats to open, with an unread last message from the other side.
      const demoUsers = await ctx.db.select({ id: users.id }).from(users);
      for (const { id } of demoUsers) {
        const list = await ctx.app.inject({
          method: "GET",
          url: "/api/chats",
          headers: await authHeaders(ctx.app, { kind: "user", userId: id }),
        });
        expect(list.json().data.data.length).toBeGreaterThan(0);
      }

      // Reviews with the sellers' answers, counters equal to their rows, and reports in each state.
      const [engagement] = await ctx.sql`select
        (select count(*)::int from reviews) as reviews,
        (select count(*)::int from replies p join reviews r on r.id = p.review_id join ads a on a.id = r.ad_id
          where p.user_id = a.user_id) as owner_replies,
        (select count(*)::int from reviews r where r.likes_count <> (select count(*) from review_likes l where l.review_id = r.id)
          or r.replies_count <> (select count(*) from replies p where p.review_id = r.id)) as drifted,
        (select count(distinct status_id)::int from ad_reports) as report_states,
        (select count(*)::int from user_reports) as user_reports,
        (select count(*)::int from ad_daily_stats) as daily_stats,
        (select count(*)::int from subscriptions s join payments p on p.id = s.payment_id
          where s.status = 'active' and p.status = 'successful') as paid_boosts,
        (select count(*)::int from payments where status = 'failed') as failed_payments,
        (select count(*)::int from moderation_queue_ads where reviewed_at is null) as unreviewed,
        (select count(*)::int from moderation_queue_ads where reviewed_at is not null) as reviewed,
        (select count(*)::int from admin_audit_log where action = 'ad_report.status') as handled_reports`;
      expect(engagement!.reviews).toBeGreaterThan(0);
      expect(engagement!.owner_replies).toBeGreaterThan(0);
      expect(engagement).toMatchObject({ drifted: 0, report_states: 3 });
      expect(engagement!.user_reports).toBeGreaterThan(0);
      // Half a year of analytics, and Mobile Money payments: boosts running, one attempt failed.
      expect(engagement!.daily_stats).toBeGreaterThan(0);
      expect(engagement!.paid_boosts).toBeGreaterThan(0);
      expect(engagement!.failed_payments).toBe(1);
      // The admin's past work: new ads wait in the moderation queue, older ones were reviewed, all of it audited.
      expect(engagement!.unreviewed).toBeGreaterThan(0);
      expect(engagement!.reviewed).toBeGreaterThan(0);
      expect(engagement!.handled_reports).toBeGreaterThan(0);

      // Nothing the demo shows happened after the seed ran: no audit entry, review, payment or chat in the future.
      const future = await ctx.sql`select t.name, count(*)::int as rows from (
          select 'admin_audit_log' as name, created_at as at from admin_audit_log
          union all select 'moderation_queue_ads', reviewed_at from moderation_queue_ads
          union all select 'ads', created_at from ads
          union all select 'reviews', created_at from reviews
          union all select 'replies', created_at from replies
          union all select 'payments', created_at from payments
          union all select 'payments', completed_at from payments
          union all select 'subscriptions', created_at from subscriptions
          union all select 'chat_messages', created_at from chat_messages
          union all select 'chat_messages', read_at from chat_messages
          union all select 'ad_reports', updated_at from ad_reports
          union all select 'user_reports', updated_at from user_reports
        ) t where t.at > now() group by t.name`;
      expect([...future]).toEqual([]);
      // The Performance tab's 30 days compare with 30 days before that had figures: every ad posted before them has
      // some, not only on the last day of the demo's old one month (a change of +2,000%).
      const [history] = await ctx.sql`select
        (select count(*)::int from ads where created_at < now() - interval '60 days') as old_ads,
        (select count(*)::int from ads a where a.created_at < now() - interval '60 days' and (
          select count(*) from ad_daily_stats s where s.ad_id = a.id
            and s.day between (now() at time zone 'utc')::date - 59 and (now() at time zone 'utc')::date - 30) < 10)
          as without_history,
        (select count(*)::int from ad_daily_stats where day >= (now() at time zone 'utc')::date) as today_or_later`;
      expect(history!.old_ads).toBeGreaterThan(0);
      expect(history).toMatchObject({ without_history: 0, today_or_later: 0 });

      const userCount = await ctx.db.$count(users);
      expect((await seedDemoData(ctx.db, ctx.storage, { ads: 24 })).seeded).toBe(false);
      expect(await ctx.db.$count(users)).toBe(userCount);
      expect(await ctx.db.$count(ads)).toBe(24);
    },
  );
});

describe("the demo admin's past work", () => {
  it("dates an ad hidden within two hours of posting at the time of seeding, never in the future", async () => {
    const { admin } = await signedInAdmin(ctx.app, ctx.db);
    const seller = await createUser(ctx.db);
    const ad = await createAd(ctx.db, {
      user_id: seller.id,
      status_id: AD_STATUS.hidden,
      created_at: new Date(Date.now() - 5 * 60_000),
    });
    await ctx.db.transaction((tx) => writeDemoModeration(tx, admin.id));
    const entries = await ctx.sql<Array<{ future: boolean }>>`
      select created_at > now() as future from admin_audit_log
      where action = 'ad.status' and target_type = 'ad' and target_id = ${ad.id}`;
    expect([...entries]).toEqual([{ future: false }]);
  });
});
