import { sql } from "drizzle-orm";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import type { TTrust } from "@waterside/shared/trust";
import type { Database } from "../../db/database.ts";

/**
 * The trust module's public read model (issue 27): what a buyer may trust about a seller, as `GET /users/{id}` and the
 * ad page's `user` carry it. The response figures are read from `response_stats`, which chat events and a daily sweep
 * keep up to date (decision 070): a page read never recomputes them.
 */
export async function loadTrust(db: Pick<Database, "execute">, userId: number): Promise<TTrust | null> {
  const [row] = await db.execute<{
    phone_verified: boolean;
    created_at: Date;
    response_rate: number | null;
    response_time_minutes: number | null;
    active_ads_count: number;
    deal_stars: number | null;
    deal_reviews: number;
  }>(sql`
    select u.verified_phone_number is not null as phone_verified, u.created_at,
      rs.response_rate, rs.response_time_minutes,
      (select count(*)::int from ads a where a.user_id = u.id and a.status_id = ${AD_STATUS.active}) as active_ads_count,
      dr.deal_stars, dr.deal_reviews
    from users u left join response_stats rs on rs.user_id = u.id
    cross join lateral (
      select round(avg(r.stars), 1)::float8 as deal_stars, count(*)::int as deal_reviews
      from user_reviews r where r.subject_id = u.id
    ) dr
    where u.id = ${userId}`);
  if (!row) return null;
  return {
    phone_verified: row.phone_verified,
    response_rate: row.response_rate,
    response_time_minutes: row.response_time_minutes,
    member_since: new Date(row.created_at).toISOString(),
    active_ads_count: row.active_ads_count,
    deal_rating: { average: row.deal_stars, count: row.deal_reviews },
  };
}
