import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { AD_FLAG_REASONS, SCREENING_RULE_ACTIONS } from "@waterside/shared/ad-screening";
import { AD_IMAGE_VARIANTS } from "@waterside/shared/images";
import { adImages, ads } from "../schema/ads.ts";
import { areas, categories, counties, subcategoryAttributes } from "../schema/catalog.ts";
import { companies, users } from "../schema/users.ts";
import { useTestApp } from "../../test/test-app.ts";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import sharp from "sharp";
import { authHeaders, createAd, createUser, signedInAdmin } from "../../test/factories.ts";
import { DEMO_ACCOUNTS, fakeAd, loadDemoCatalog, seedDemoData, withoutRepeatedWords } from "./seed-demo.ts";
import { drawPicture, seededRandom } from "./placeholder-images.ts";
import { encodeAdImage } from "../../lib/images.ts";
import { categories as referenceCategories } from "./reference/categories.ts";
import { writeDemoModeration } from "./seed-demo-moderation.ts";
import { seedReferenceData } from "./seed-reference.ts";
import { lrdAmount } from "../../modules/payments/payment-amount.ts";

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

      // Photos, not the old text tiles: no ad's first two cards are made of its category's tile colours.
      const adRows = await ctx.sql<Array<{ id: number; category: string; seller_email: string; business: boolean }>>`
        select a.id, c.name as category, u.email as seller_email, u.usertype_id = ${USER_TYPE.company} as business
        from ads a join categories c on c.id = a.category_id join users u on u.id = a.user_id`;
      for (const ad of adRows) {
        const colors = referenceCategories.find((category) => category.name === ad.category)!.colors;
        const cards = images.filter((image) => image.ad_id === ad.id).sort((a, b) => a.order - b.order);
        for (const image of cards.slice(0, 2)) {
          const card = readFileSync(path.join(mediaDir, `${image.path}-card.webp`));
          expect(await tileLikeness(card, colors), `ad ${ad.id}'s photo ${image.order}`).toBeLessThan(0.8);
        }
      }
      // A business sells in its trades only, so Top Brands of a subcategory lists firms of that trade.
      const businessAds = adRows.filter((ad) => ad.business);
      expect(businessAds.length).toBeGreaterThan(0);
      for (const ad of businessAds) {
        const account = DEMO_ACCOUNTS.find((candidate) => candidate.email === ad.seller_email)!;
        expect(account.business && (account.trades as readonly string[]), ad.seller_email).toContain(ad.category);
      }

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

      // Ads in every state of their life (issue 28): expiring within 3 days, expired, sold to a buyer who chatted.
      const [life] = await ctx.sql`select
        (select count(*)::int from ads where status_id = ${AD_STATUS.active}
          and expires_at < now() + interval '3 days') as expiring,
        (select count(*)::int from ads where status_id = ${AD_STATUS.expired} and expires_at < now()) as expired,
        (select count(*)::int from ads a where status_id = ${AD_STATUS.sold} and sold_at is not null
          and exists (select 1 from chats c where c.ad_id = a.id
            and a.buyer_user_id in (c.user_low_id, c.user_high_id) and a.user_id in (c.user_low_id, c.user_high_id))
        ) as sold_to_chatter`;
      for (const [state, count] of Object.entries(life!)) expect(count, state).toBeGreaterThan(0);

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
      // Issue 30: payments through both wallets, and an L$ one charged at the rate in force that day, kept on its row.
      const wallets = await ctx.sql<Array<{ provider: string; currency: string }>>`
        select distinct provider, currency from payments order by provider, currency`;
      expect(wallets).toEqual([
        { provider: "mtn_momo", currency: "USD" },
        { provider: "orange_money", currency: "LRD" },
        { provider: "orange_money", currency: "USD" },
      ]);
      const [lrd] = await ctx.sql`select p.amount::float8 as amount, p.amount_usd::float8 as amount_usd,
          p.usd_lrd::float8 as usd_lrd,
          (select r.usd_lrd::float8 from exchange_rates r where r.created_at <= p.created_at
            order by r.created_at desc, r.id desc limit 1) as rate_that_day
        from payments p where p.currency = 'LRD'`;
      expect(lrd!.usd_lrd).toBe(lrd!.rate_that_day);
      expect(lrd!.amount).toBe(lrdAmount(lrd!.amount_usd, lrd!.usd_lrd));
      // The admin's past work: new ads wait in the moderation queue, older ones were reviewed, all of it audited.
      expect(engagement!.unreviewed).toBeGreaterThan(0);
      expect(engagement!.reviewed).toBeGreaterThan(0);
      expect(engagement!.handled_reports).toBeGreaterThan(0);

      // The posting checks' work (issue 28): a flag of each reason waiting unreviewed in the queue, a duplicate photo
      // linking another seller's ad that shows the same hashed photo, and rules that refuse and that flag.
      const flags = await ctx.sql<Array<{ reason: string; unreviewed: boolean; other_seller: boolean | null }>>`
        select f.reason, q.reviewed_at is null as unreviewed,
          case when f.other_ad_id is null then null else (
            (select user_id from ads where id = f.other_ad_id) <> a.user_id
            and exists (select 1 from ad_images mine join ad_images theirs on theirs.phash = mine.phash
              where mine.ad_id = a.id and theirs.ad_id = f.other_ad_id and mine.phash is not null)) end as other_seller
        from ad_flags f join ads a on a.id = f.ad_id join moderation_queue_ads q on q.ad_id = f.ad_id`;
      expect(new Set(flags.map((flag) => flag.reason))).toEqual(new Set(AD_FLAG_REASONS));
      expect(flags.every((flag) => flag.unreviewed)).toBe(true);
      const duplicates = flags.filter((flag) => flag.reason === "duplicate_photo");
      expect(duplicates.length).toBe(2);
      expect(duplicates.every((flag) => flag.other_seller)).toBe(true);
      const ruleActions = await ctx.sql<Array<{ action: string }>>`select distinct action from ad_screening_rules`;
      expect(new Set(ruleActions.map((rule) => rule.action))).toEqual(new Set(SCREENING_RULE_ACTIONS));

      // Alerts (issue 29): an instant and a daily saved search, notifications read and unread, a saved ad now cheaper.
      const [alerts] = await ctx.sql`select
        (select array_agg(distinct frequency order by frequency) from saved_searches) as frequencies,
        (select count(*)::int from notifications where read_at is null) as unread,
        (select count(*)::int from notifications where read_at is not null) as read,
        (select count(*)::int from notifications where type = 'price_drop') as price_drops,
        (select count(*)::int from saved_ads s join ads a on a.id = s.ad_id where s.was_price > a.price) as cheaper`;
      expect(alerts).toMatchObject({ frequencies: ["daily", "instant"], price_drops: 1, cheaper: 1 });
      expect(alerts!.unread).toBeGreaterThan(0);
      expect(alerts!.read).toBeGreaterThan(0);
      // The exchange rate's history (issue 30, seed-demo-exchange-rates.ts): the admin screen and L$ prices read it.
      expect(await ctx.sql`select 1 from exchange_rates`).not.toHaveLength(0);

      // Nothing the demo shows happened after the seed ran: no audit entry, review, payment or chat in the future.
      const future = await ctx.sql`select t.name, count(*)::int as rows from (
          select 'admin_audit_log' as name, created_at as at from admin_audit_log
          union all select 'moderation_queue_ads', reviewed_at from moderation_queue_ads
          union all select 'ads', created_at from ads
          union all select 'ad_flags', created_at from ad_flags
          union all select 'notifications', created_at from notifications
          union all select 'notifications', read_at from notifications
          union all select 'saved_search_matches', matched_at from saved_search_matches
          union all select 'saved_searches', seen_at from saved_searches
          union all select 'reviews', created_at from reviews
          union all select 'replies', created_at from replies
          union all select 'payments', created_at from payments
          union all select 'exchange_rates', created_at from exchange_rates
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

/**
 * The share of an image's pixels an old demo tile could have drawn: its category's two-colour gradient, under the
 * tile's translucent white shapes or its white label. The tiles score over 0.9; a photo of a thing in a scene
 * scores well below.
 */
async function tileLikeness(image: Buffer, colors: readonly [string, string]): Promise<number> {
  const rgb = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  const [from, to] = colors.map(rgb) as [number[], number[]];
  const tileColours: number[][] = [];
  for (let step = 0; step <= 32; step++)
    for (const white of [0, 0.1, 0.2, 0.3, 0.92])
      tileColours.push(
        [0, 1, 2].map((c) => (1 - white) * (from[c]! + ((to[c]! - from[c]!) * step) / 32) + white * 255),
      );
  const { data } = await sharp(image).resize(96, 72).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let near = 0;
  for (let at = 0; at < data.length; at += 3) {
    const distance = Math.min(
      ...tileColours.map(([r, g, b]) => (data[at]! - r!) ** 2 + (data[at + 1]! - g!) ** 2 + (data[at + 2]! - b!) ** 2),
    );
    if (distance < 28 ** 2) near++;
  }
  return near / (data.length / 3);
}

describe("the demo catalogue", () => {
  it("tells an old text tile from a photo", async () => {
    const vehicles = referenceCategories.find((category) => category.name === "Vehicles")!;
    const tile = await drawPicture({ width: 1280, height: 960, colors: vehicles.colors, label: "Cars", seed: 7 });
    expect(await tileLikeness((await encodeAdImage(tile)).card, vehicles.colors)).toBeGreaterThan(0.9);
  });

  it("asks plausible Liberian prices, in words that do not stutter, with attributes that agree", async () => {
    const catalog = await loadDemoCatalog(ctx.db);
    const random = seededRandom(99);
    const samples = catalog.flatMap((entry) =>
      Array.from({ length: 40 }, () => ({
        entry,
        ad: fakeAd(entry, random.pick(["Sinkor", "Gbarnga", "Kakata"]), random),
      })),
    );
    expect(new Set(samples.map(({ entry }) => entry.seed.name)).size).toBe(PLAUSIBLE_PRICES.size);
    for (const { entry, ad } of samples) {
      const [low, high] = PLAUSIBLE_PRICES.get(entry.seed.name)!;
      expect(ad.price, `${entry.seed.name}: ${ad.title}`).toBeGreaterThanOrEqual(low);
      expect(ad.price, `${entry.seed.name}: ${ad.title}`).toBeLessThanOrEqual(high);
      expect(ad.title).not.toMatch(/\b(\w+)\s+\1\b/i);
    }
    const attribute = (ad: ReturnType<typeof fakeAd>, entry: (typeof samples)[number]["entry"], name: string) => {
      const link = entry.attributes.find((candidate) => candidate.seed.name === name)!.linkId;
      return ad.values.find(([id]) => id === link)?.[1];
    };
    // A car's price follows its age: the newest cost more than the old ones, and a brand-new one has no mileage.
    const cars = samples.filter(({ entry }) => entry.seed.name === "Cars");
    const average = (list: typeof cars) => list.reduce((sum, { ad }) => sum + ad.price, 0) / list.length;
    const year = (car: (typeof cars)[number]) => Number(attribute(car.ad, car.entry, "Year"));
    expect(average(cars.filter((car) => year(car) >= 2020))).toBeGreaterThan(
      2 * average(cars.filter((car) => year(car) < 2012)),
    );
    for (const car of cars.filter(({ ad, entry }) => attribute(ad, entry, "Condition") === "Brand New"))
      expect(Number(attribute(car.ad, car.entry, "Mileage"))).toBeLessThan(100);
  });

  it("drops a word said twice in a row", () => {
    expect(withoutRepeatedWords("Kids Kids Shoes available")).toBe("Kids Shoes available");
    expect(withoutRepeatedWords("Baby baby Carrier")).toBe("Baby Carrier");
    expect(withoutRepeatedWords("2 bedroom house in Sinkor")).toBe("2 bedroom house in Sinkor");
  });
});

/** What a buyer in Liberia would believe, in US dollars (per month for rents and pay, per night for short stays). */
const PLAUSIBLE_PRICES = new Map<string, readonly [number, number]>([
  ["Cars", [1_200, 60_000]],
  ["SUVs & Jeeps", [2_500, 90_000]],
  ["Trucks & Buses", [2_500, 90_000]],
  ["Vehicle Parts & Accessories", [5, 3_000]],
  ["Motorbikes", [300, 3_000]],
  ["Keke (Tricycles)", [1_000, 6_000]],
  ["Motorbike Parts & Accessories", [3, 300]],
  ["Mobile Phones", [25, 1_500]],
  ["Tablets", [30, 1_200]],
  ["Phone Accessories", [1, 80]],
  ["TVs", [50, 1_500]],
  ["Laptops & Computers", [100, 1_500]],
  ["Audio & Speakers", [5, 1_300]],
  ["Home Appliances", [10, 1_000]],
  ["Solar Panels & Kits", [10, 7_000]],
  ["Inverters & Batteries", [20, 5_000]],
  ["Generators", [80, 30_000]],
  ["Stabilizers & UPS", [5, 1_000]],
  ["Houses & Apartments for Rent", [100, 5_000]],
  ["Rooms for Rent", [10, 200]],
  ["Shops & Offices for Rent", [40, 6_000]],
  ["Short Stay", [15, 500]],
  ["Houses for Sale", [15_000, 800_000]],
  ["Unfinished Houses", [2_000, 250_000]],
  ["Commercial Property for Sale", [50_000, 2_000_000]],
  ["Residential Land", [1_000, 250_000]],
  ["Commercial Land", [5_000, 400_000]],
  ["Farmland", [150, 150_000]],
  ["Land for Lease", [200, 10_000]],
  ["Furniture", [3, 1_500]],
  ["Mattresses & Bedding", [4, 400]],
  ["Kitchen & Dining", [4, 300]],
  ["Home Decor", [4, 250]],
  ["Men's Clothing", [2, 250]],
  ["Women's Clothing", [3, 200]],
  ["Shoes", [2, 120]],
  ["Bags", [3, 150]],
  ["Jewelry & Watches", [3, 2_000]],
  ["Fabrics & Lappa", [4, 400]],
  ["Office & Admin", [120, 2_000]],
  ["Sales & Marketing", [90, 1_200]],
  ["Drivers", [100, 800]],
  ["Security & Cleaning", [70, 450]],
  ["Hotel & Restaurant", [90, 900]],
  ["Technical & Construction", [180, 1_200]],
  ["Repairs & Technicians", [5, 150]],
  ["Cleaning & Laundry", [5, 400]],
  ["Transport & Moving", [2, 250]],
  ["Events & Catering", [50, 15_000]],
  ["Tutoring & Lessons", [15, 100]],
  ["Rice & Grains", [3, 100]],
  ["Palm Oil & Cassava", [5, 500]],
  ["Livestock & Poultry", [5, 4_000]],
  ["Fruits & Vegetables", [1, 60]],
  ["Fish & Seafood", [2, 100]],
  ["Farm Equipment & Inputs", [2, 6_000]],
  ["Cement & Blocks", [80, 2_500]],
  ["Roofing & Ceiling", [40, 4_000]],
  ["Plumbing & Water Tanks", [20, 800]],
  ["Electrical Supplies", [5, 1_700]],
  ["Wood & Timber", [50, 2_500]],
  ["Tiles & Paint", [30, 4_500]],
  ["Hair & Wigs", [2, 500]],
  ["Skin Care & Makeup", [1, 80]],
  ["Fragrances", [2, 150]],
  ["Medical Supplies", [3, 250]],
  ["Salon & Barber Services", [2, 80]],
  ["Kids Clothing & Shoes", [2, 25]],
  ["Baby Gear", [5, 250]],
  ["Toys & Games", [3, 150]],
  ["Baby Care & Feeding", [2, 30]],
  ["School Supplies", [1, 30]],
]);
