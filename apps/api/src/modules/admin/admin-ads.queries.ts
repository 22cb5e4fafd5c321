import { sql, type SQL } from "drizzle-orm";
import type { TAdminAdFilters } from "@waterside/shared/admin";
import type { Database } from "../../db/database.ts";
import { usdPriceOf } from "../exchange-rates/latest-rate.ts";

const normalized = (text: string) => sql`waterside_unaccent(lower(${text}))`;

/** The admin table's filters, shared by its CSV export: ads in every status, unlike public lists. */
export function adConditions(filters: TAdminAdFilters): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filters.category_id) conditions.push(sql`a.category_id = ${filters.category_id}`);
  if (filters.subcategory_id) conditions.push(sql`a.subcategory_id = ${filters.subcategory_id}`);
  if (filters.user_id) conditions.push(sql`a.user_id = ${filters.user_id}`);
  if (filters.status) conditions.push(sql`a.status_id = ${filters.status}`);
  if (filters.subcategory_status) conditions.push(sql`a.status_id = ${filters.subcategory_status}`);
  if (filters.price_min !== undefined) conditions.push(sql`${usdPriceOf("a")} >= ${filters.price_min}`);
  if (filters.price_max !== undefined) conditions.push(sql`${usdPriceOf("a")} <= ${filters.price_max}`);
  if (filters.has_active_subscription) {
    conditions.push(
      sql`exists (select 1 from subscriptions sub where sub.ad_id = a.id and sub.status = 'active'
                  and (sub.end_date is null or sub.end_date > now()))`,
    );
  }
  if (filters.search) {
    // Words of the title, attributes, place or description; a number is also an ad id.
    const byId = /^\d{1,9}$/.test(filters.search) ? sql` or a.id = ${Number(filters.search)}` : sql``;
    conditions.push(sql`(a.search_vector @@ websearch_to_tsquery('simple', ${normalized(filters.search)})${byId})`);
  }
  return sql.join(conditions, sql` and `);
}

export async function findAdminAdPage(db: Database, filters: TAdminAdFilters, limit: number, offset: number) {
  const column = {
    created_at: sql`a.created_at`,
    updated_at: sql`a.updated_at`,
    price: usdPriceOf("a"),
    title: sql`lower(a.title)`,
    visibility_score: sql`a.visibility_score`,
  }[filters.sort_by ?? "created_at"];
  const direction = (filters.sort_order ?? "desc") === "asc" ? sql`asc` : sql`desc`;
  const where = adConditions(filters);
  const [rows, [count]] = await Promise.all([
    db.execute<{ id: number }>(sql`select a.id from ads a where ${where}
      order by ${column} ${direction}, a.id ${direction} limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from ads a where ${where}`),
  ]);
  return { ids: rows.map((row) => row.id), total: count?.total ?? 0 };
}
