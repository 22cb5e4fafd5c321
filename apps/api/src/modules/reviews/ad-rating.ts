import type { TAdRating } from "@waterside/shared/ads";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";

/**
 * The reviews module's public read model of an ad's stars (spec §3 "Rating"): counts per star, the average and
 * the viewer's own rating. The ad page imports this file and nothing else of the module.
 */
export async function loadAdRating(db: Pick<Database, "execute">, adId: number, viewerId?: number): Promise<TAdRating> {
  return toRating(await findAdRatings(db, adId, viewerId));
}

/** Stars given to an ad, per star, and the viewer's own rating. */
async function findAdRatings(db: Pick<Database, "execute">, adId: number, viewerId?: number) {
  return db.execute<{ stars: number; total: number; own_id: number | null }>(sql`
    select stars, count(*)::int as total,
      max(case when user_id = ${viewerId ?? null}::int then id end) as own_id
    from ratings where ad_id = ${adId} group by stars`);
}

export function toRating(rows: Array<{ stars: number; total: number; own_id: number | null }>): TAdRating {
  const counts = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let total = 0;
  let sum = 0;
  let own: { stars: number; id: number } | null = null;
  for (const row of rows) {
    counts[row.stars as keyof typeof counts] = row.total;
    total += row.total;
    sum += row.stars * row.total;
    if (row.own_id !== null) own = { stars: row.stars, id: row.own_id };
  }
  return {
    counts,
    total,
    average: total ? Math.round((sum / total) * 10) / 10 : null,
    current_user_rating: own?.stars ?? null,
    current_user_rating_id: own?.id ?? null,
  };
}
