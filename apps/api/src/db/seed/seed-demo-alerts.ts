import type { TSavedSearchFilters } from "@waterside/shared/saved-searches";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from "drizzle-orm";
import { matchKeyOf } from "../../modules/saved-searches/saved-search-filters.ts";
import type { Transaction } from "../database.ts";
import { ads } from "../schema/ads.ts";
import { subcategories } from "../schema/catalog.ts";
import { notifications } from "../schema/notifications.ts";
import { savedAds } from "../schema/saved-ads.ts";
import { savedSearches, savedSearchMatches } from "../schema/saved-searches.ts";
import { users } from "../schema/users.ts";

/** The buyer whose alerts the demo shows: an instant search, saved ads, one of them cheaper since (issue 29). */
const ALERT_BUYER = "emmanuel@demo.waterside.lr";
/** A buyer with a daily search and its last digest. */
const DIGEST_BUYER = "hawa@demo.waterside.lr";
const HOUR = 3_600_000;

const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;
const adUrl = (ad: { id: number; category_id: number; subcategory_id: number }) =>
  `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`;

/**
 * Alerts in the demo (issue 29): Emmanuel keeps an instant search for cars under $6,000 (two alerts, one read, one
 * not: his bell shows 1), three saved ads, one of which got cheaper ("Was …" in Saved Items, an unread price drop);
 * Hawa keeps a daily search for solar panels with yesterday's digest, read. Ads are chosen by id among live ads, with
 * no random draw, so the seed's other draws are unchanged. Nothing is delivered: these are past alerts, without
 * pictures (a notification keeps its picture's address, which depends on where the server keeps files).
 */
export async function writeDemoAlerts(db: Transaction) {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [ALERT_BUYER, DIGEST_BUYER]));
  const buyer = people.find((person) => person.email === ALERT_BUYER);
  const digestBuyer = people.find((person) => person.email === DIGEST_BUYER);
  if (!buyer || !digestBuyer) return;
  const now = Date.now();

  const [cars] = await db
    .select({ id: subcategories.id, category_id: subcategories.category_id })
    .from(subcategories)
    .where(eq(subcategories.name, "Cars"));
  if (cars) {
    const filters: TSavedSearchFilters = { category_id: cars.category_id, subcategory_id: cars.id, price_max: 6000 };
    const matches = await db
      .select({
        id: ads.id,
        title: ads.title,
        price: ads.price,
        category_id: ads.category_id,
        created_at: ads.created_at,
      })
      .from(ads)
      .where(
        and(
          eq(ads.subcategory_id, cars.id),
          eq(ads.status_id, AD_STATUS.active),
          lte(ads.price, 6000),
          ne(ads.user_id, buyer.id),
        ),
      )
      .orderBy(desc(ads.created_at))
      .limit(3);
    const name = "Cars · under $6,000";
    const [search] = await db
      .insert(savedSearches)
      .values({
        user_id: buyer.id,
        name,
        filters,
        frequency: "instant",
        push: true,
        email: true,
        sms: false,
        match_key: matchKeyOf(filters, null),
        created_at: new Date(now - 20 * 24 * HOUR),
        // The newest match came after he last opened the search: "1 new".
        seen_at: matches[0] ? new Date(Math.min(now, matches[0].created_at.getTime()) - 60_000) : new Date(now),
      })
      .returning({ id: savedSearches.id });
    if (matches.length) {
      await db.insert(savedSearchMatches).values(
        matches.map((ad) => ({
          saved_search_id: search!.id,
          ad_id: ad.id,
          matched_at: new Date(Math.min(now, ad.created_at.getTime() + 30_000)),
          notified_at: new Date(Math.min(now, ad.created_at.getTime() + 60_000)),
        })),
      );
      const [newest, ...older] = matches;
      const alertAt = (ad: { created_at: Date }) => new Date(Math.min(now, ad.created_at.getTime() + 60_000));
      const rows: (typeof notifications.$inferInsert)[] = [
        {
          user_id: buyer.id,
          type: "saved_search",
          title: `New ad for “${name}”`,
          body: `${newest!.title} – ${dollars(newest!.price)}`,
          url: adUrl({ ...newest!, subcategory_id: cars.id }),
          dedupe_key: `saved_search:${search!.id}:${newest!.created_at.getTime()}`,
          read_at: null,
          created_at: alertAt(newest!),
        },
      ];
      if (older.length) {
        rows.push({
          user_id: buyer.id,
          type: "saved_search",
          title: older.length === 1 ? `New ad for “${name}”` : `${older.length} new ads for “${name}”`,
          body: `${older[0]!.title} – ${dollars(older[0]!.price)}`,
          url: `/categories/${cars.category_id}/${cars.id}?price_max=6000`,
          dedupe_key: `saved_search:${search!.id}:${older.at(-1)!.created_at.getTime()}`,
          read_at: alertAt(older[0]!),
          created_at: alertAt(older[0]!),
        });
      }
      await db.insert(notifications).values(rows);
    }
  }

  // Three saved ads of other sellers; the first got 12 % cheaper since he saved it.
  const saved = await db
    .select({
      id: ads.id,
      title: ads.title,
      price: ads.price,
      category_id: ads.category_id,
      subcategory_id: ads.subcategory_id,
    })
    .from(ads)
    .where(
      and(
        eq(ads.status_id, AD_STATUS.active),
        ne(ads.user_id, buyer.id),
        gt(ads.price, 50),
        gt(ads.expires_at, sql`now() + interval '4 days'`),
      ),
    )
    .orderBy(asc(ads.id))
    .limit(3);
  if (saved.length) {
    const dropped = saved[0]!;
    const was = Math.round((dropped.price * 1.12) / 5) * 5;
    const droppedAt = new Date(now - 5 * HOUR);
    await db.insert(savedAds).values(
      saved.map((ad, index) => ({
        user_id: buyer.id,
        ad_id: ad.id,
        price_seen: ad.price,
        was_price: index === 0 ? was : null,
        created_at: new Date(now - (10 + index) * 24 * HOUR),
      })),
    );
    await db.insert(notifications).values({
      user_id: buyer.id,
      type: "price_drop",
      title: `Price drop: ${dropped.title} now ${dollars(dropped.price)}, was ${dollars(was)}`,
      body: `An ad you saved is ${dollars(was - dropped.price)} cheaper.`,
      url: adUrl(dropped),
      dedupe_key: `price_drop:${dropped.id}:${buyer.id}:${droppedAt.toISOString().slice(0, 10)}`,
      created_at: droppedAt,
    });
  }

  // Hawa's daily search and yesterday's digest, read.
  const solarFilters: TSavedSearchFilters = { search: "solar" };
  const [daily] = await db
    .insert(savedSearches)
    .values({
      user_id: digestBuyer.id,
      name: "solar",
      filters: solarFilters,
      frequency: "daily",
      push: true,
      email: true,
      sms: false,
      match_key: matchKeyOf(solarFilters, ["solar"]),
      created_at: new Date(now - 30 * 24 * HOUR),
      seen_at: new Date(now - 20 * HOUR),
    })
    .returning({ id: savedSearches.id });
  const digestAt = new Date(now - 24 * HOUR);
  await db.insert(notifications).values({
    user_id: digestBuyer.id,
    type: "saved_search",
    title: `New ads for “solar”`,
    body: "Your daily digest: new solar ads this week.",
    url: "/search?search=solar",
    dedupe_key: `saved_search_digest:${daily!.id}:${digestAt.toISOString().slice(0, 10)}`,
    read_at: new Date(now - 23 * HOUR),
    created_at: digestAt,
  });
}
