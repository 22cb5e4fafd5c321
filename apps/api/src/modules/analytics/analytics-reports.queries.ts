import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { arrayLiteral } from "./analytics.queries.ts";

export type DayCounts = {
  date: string;
  views: number;
  saves: number;
  clicks: number;
  contacts: number;
};

/** One ad's counted days in the range: one range read of the primary key. */
export async function findAdDays(db: Database, adId: number, start: string, end: string): Promise<DayCounts[]> {
  return [
    ...(await db.execute<DayCounts>(sql`
      select to_char(day, 'YYYY-MM-DD') as date, views, saves, clicks, contacts
      from ad_daily_stats where ad_id = ${adId} and day between ${start}::date and ${end}::date
      order by day`)),
  ];
}

/** The seller's ads, optionally only some of them, as a condition on `a`. */
const sellerAds = (userId: number, adIds?: readonly number[]) =>
  sql`a.user_id = ${userId}${adIds ? sql` and a.id = any(${arrayLiteral(adIds)}::int[])` : sql``}`;

const dayRange = (range: { start: string; end: string } | null): SQL =>
  range ? sql` and s.day between ${range.start}::date and ${range.end}::date` : sql``;

/** The seller's counted days over all their ads: their ads by the seller's index, then each ad's range. */
export async function findSellerDays(db: Database, userId: number, start: string, end: string): Promise<DayCounts[]> {
  return [
    ...(await db.execute<DayCounts>(sql`
      select to_char(s.day, 'YYYY-MM-DD') as date,
        sum(s.views)::int as views, sum(s.saves)::int as saves, sum(s.clicks)::int as clicks,
        sum(s.contacts)::int as contacts
      from ads a join ad_daily_stats s on s.ad_id = a.id
      where ${sellerAds(userId)}${dayRange({ start, end })}
      group by s.day order by s.day`)),
  ];
}

export type Totals = {
  views: number;
  saves: number;
  clicks: number;
  contacts: number;
};

/** The seller's totals over all their ads in the range. */
export async function findSellerTotals(db: Database, userId: number, start: string, end: string): Promise<Totals> {
  const [row] = await db.execute<Totals>(sql`
    select coalesce(sum(s.views), 0)::int as views, coalesce(sum(s.saves), 0)::int as saves,
      coalesce(sum(s.clicks), 0)::int as clicks, coalesce(sum(s.contacts), 0)::int as contacts
    from ads a join ad_daily_stats s on s.ad_id = a.id
    where ${sellerAds(userId)}${dayRange({ start, end })}`);
  return row ?? { views: 0, saves: 0, clicks: 0, contacts: 0 };
}

export type AdTotalsRow = Totals & {
  ad_id: number;
  title: string;
  /** The sum of `order`'s count over every ad the query matched, before the limit. */
  overall: number;
};

/**
 * Per-ad totals of the seller's ads (all, or those of `adIds`), zeros included, the most of `order` first. The
 * range is null for all time.
 */
export async function findAdTotals(
  db: Database,
  userId: number,
  {
    range,
    adIds,
    order,
    limit,
  }: { range: { start: string; end: string } | null; adIds?: readonly number[]; order: keyof Totals; limit: number },
): Promise<AdTotalsRow[]> {
  const column = { views: sql`views`, saves: sql`saves`, clicks: sql`clicks`, contacts: sql`contacts` }[order];
  return [
    ...(await db.execute<AdTotalsRow>(sql`
      with totals as (
        select a.id as ad_id, a.title,
          coalesce(sum(s.views), 0)::int as views, coalesce(sum(s.saves), 0)::int as saves,
          coalesce(sum(s.clicks), 0)::int as clicks, coalesce(sum(s.contacts), 0)::int as contacts
        from ads a left join ad_daily_stats s on s.ad_id = a.id${dayRange(range)}
        where ${sellerAds(userId, adIds)}
        group by a.id
      )
      select *, (sum(${column}) over ())::int as overall from totals
      order by ${column} desc, ad_id desc limit ${limit}`)),
  ];
}
