import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database | Transaction, "execute">;

export interface CategoryRow {
  id: number;
  name: string;
  image: string | null;
  active: boolean;
}
export interface CategoryTreeRow extends CategoryRow {
  /** How many days the category's ads live before they expire (issue 28). */
  expiry_days: number;
}
export interface SubcategoryRow extends CategoryRow {
  category_id: number;
  ads_count: number;
}

/** Every category, in the public order (position, id). */
export async function selectCategories(db: Reader) {
  return [
    ...(await db.execute<CategoryTreeRow & Record<string, unknown>>(sql`
      select id, name, image, active, expiry_days from categories order by position, id`)),
  ];
}

/** Every subcategory (of one category, or all), with its active ads count (kept by triggers on ads). */
export async function selectSubcategories(db: Reader, categoryId?: number) {
  return [
    ...(await db.execute<SubcategoryRow & Record<string, unknown>>(sql`
      select id, category_id, name, image, active, active_ads_count as ads_count from subcategories
      where ${categoryId === undefined ? sql`true` : sql`category_id = ${categoryId}`}
      order by position, id`)),
  ];
}

/** Whether another category (or subcategory of the category) has this name, in any letter case. */
export async function categoryNameTaken(db: Reader, name: string, exceptId?: number) {
  const rows = await db.execute(sql`
    select 1 from categories where lower(name) = lower(${name}) and id <> ${exceptId ?? 0} limit 1`);
  return rows.length > 0;
}
export async function subcategoryNameTaken(db: Reader, categoryId: number, name: string, exceptId?: number) {
  const rows = await db.execute(sql`
    select 1 from subcategories
    where category_id = ${categoryId} and lower(name) = lower(${name}) and id <> ${exceptId ?? 0} limit 1`);
  return rows.length > 0;
}

export async function countActiveSubcategories(db: Reader, categoryId: number) {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from subcategories where category_id = ${categoryId} and active`);
  return row?.n ?? 0;
}

/** A subcategory's attribute links: how many, and how many are active. */
export async function countSubcategoryAttributes(db: Reader, subcategoryId: number) {
  const [row] = await db.execute<{ total: number; active: number }>(sql`
    select count(*)::int as total, count(*) filter (where active)::int as active
    from subcategory_attributes where subcategory_id = ${subcategoryId}`);
  return { total: row?.total ?? 0, active: row?.active ?? 0 };
}
