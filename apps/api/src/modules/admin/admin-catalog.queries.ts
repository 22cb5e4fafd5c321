import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database | Transaction, "execute">;

export interface CategoryRow {
  id: number;
  name: string;
  image: string | null;
  active: boolean;
}
export interface SubcategoryRow extends CategoryRow {
  category_id: number;
  ads_count: number;
}

/** Every category, in the public order (position, id). */
export async function selectCategories(db: Reader) {
  return [
    ...(await db.execute<CategoryRow & Record<string, unknown>>(sql`
      select id, name, image, active from categories order by position, id`)),
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

/** Whether a subcategory already links an attribute of this name, in any letter case. */
export async function attributeNameTakenIn(db: Reader, subcategoryId: number, name: string, exceptAttributeId = 0) {
  const rows = await db.execute(sql`
    select 1 from subcategory_attributes sa join attributes a on a.id = sa.attribute_id
    where sa.subcategory_id = ${subcategoryId} and lower(a.name) = lower(${name}) and a.id <> ${exceptAttributeId}
    limit 1`);
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

export interface LinkRow {
  id: number;
  subcategory_id: number;
  attribute_id: number;
  has_options: boolean;
  is_required: boolean;
  is_restricted: boolean;
  active: boolean;
  name: string;
  attribute_type_id: number;
  type_name: string;
}

export async function selectLinks(db: Reader, where: { id?: number; subcategoryId?: number }) {
  const filter =
    where.id !== undefined ? sql`sa.id = ${where.id}` : sql`sa.subcategory_id = ${where.subcategoryId ?? 0}`;
  const links = [
    ...(await db.execute<LinkRow & Record<string, unknown>>(sql`
      select sa.id, sa.subcategory_id, sa.attribute_id, sa.has_options, sa.is_required, sa.is_restricted, sa.active,
        a.name, a.attribute_type_id, t.name as type_name
      from subcategory_attributes sa
      join attributes a on a.id = sa.attribute_id
      join attribute_types t on t.id = a.attribute_type_id
      where ${filter}
      order by sa.position, sa.id`)),
  ];
  const ids = links.map((link) => link.id);
  const options = ids.length
    ? [
        ...(await db.execute<{ id: number; value: string; subcategory_attribute_id: number }>(sql`
          select id, value, subcategory_attribute_id from attribute_options
          where subcategory_attribute_id in ${ids} order by position, id`)),
      ]
    : [];
  return links.map((link) => ({
    id: link.id,
    subcategory_id: link.subcategory_id,
    attribute_id: link.attribute_id,
    has_options: link.has_options,
    is_required: link.is_required,
    is_restricted: link.is_restricted,
    active: link.active,
    attribute: {
      id: link.attribute_id,
      name: link.name,
      attribute_type_id: link.attribute_type_id,
      attribute_type: { name: link.type_name },
    },
    options: options
      .filter((option) => option.subcategory_attribute_id === link.id)
      .map(({ id, value }) => ({ id, value })),
  }));
}

/** Whether any ad carries a value for this subcategory attribute. */
export async function linkInUse(db: Reader, linkId: number) {
  const rows = await db.execute(
    sql`select 1 from ad_attribute_values where subcategory_attribute_id = ${linkId} limit 1`,
  );
  return rows.length > 0;
}

/** Inserts options after the link's last one, skipping values it already has (any letter case kept as sent). */
export async function insertOptions(tx: Reader, linkId: number, values: string[]) {
  const [last] = await tx.execute<{ max: number }>(sql`
    select coalesce(max(position), 0)::int as max from attribute_options where subcategory_attribute_id = ${linkId}`);
  let position = last?.max ?? 0;
  const inserted: Array<{ id: number; value: string }> = [];
  for (const value of values) {
    const rows = await tx.execute<{ id: number; value: string }>(sql`
      insert into attribute_options (subcategory_attribute_id, value, position) values (${linkId}, ${value}, ${++position})
      on conflict (subcategory_attribute_id, value) do nothing
      returning id, value`);
    inserted.push(...rows);
  }
  return inserted;
}

/** Dashboard figures (spec §6 "/admin/dashboard"), read in one round of queries. */
export async function dashboardFigures(db: Reader, latestUsers: number, firstCategories: number) {
  const [counts] = await db.execute<{
    posts: number;
    users: number;
    ad_reports: number;
    user_reports: number;
    pending_reported: number;
    unreviewed: number;
  }>(sql`
    select
      (select count(*)::int from ads) as posts,
      (select count(*)::int from users where deleted_at is null) as users,
      (select count(*)::int from ad_reports where status_id = 1) as ad_reports,
      (select count(*)::int from user_reports where status_id = 1) as user_reports,
      (select count(*)::int from ads a where a.status_id = 1
        and exists (select 1 from ad_reports r where r.ad_id = a.id and r.status_id <> 3)) as pending_reported,
      (select count(*)::int from moderation_queue_ads where reviewed_at is null) as unreviewed`);
  const users = [
    ...(await db.execute<{
      id: number;
      name: string;
      email: string | null;
      profile_image: string | null;
      created_at: string;
    }>(sql`
      select id, name, email, profile_image, created_at from users where deleted_at is null
      order by created_at desc, id desc limit ${latestUsers}`)),
  ];
  const categories = [
    ...(await db.execute<{ id: number; name: string }>(sql`
      select id, name from categories order by position, id limit ${firstCategories}`)),
  ];
  const subs = categories.length
    ? [
        ...(await db.execute<{ id: number; name: string; category_id: number; ads_count: number }>(sql`
          select id, name, category_id, active_ads_count as ads_count from subcategories
          where category_id in ${categories.map((category) => category.id)} order by position, id`)),
      ]
    : [];
  return { counts: counts!, users, categories, subs };
}
