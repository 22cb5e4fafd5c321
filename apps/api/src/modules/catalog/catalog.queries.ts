import { and, asc, eq, sql } from "drizzle-orm";
import { AD_STATUS, USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import type { Database } from "../../db/database.ts";
import {
  areas,
  attributeOptions,
  attributes,
  attributeTypes,
  categories,
  counties,
  subcategories,
  subcategoryAttributes,
} from "../../db/schema/catalog.ts";

export async function findActiveCategories(db: Database) {
  return db
    .select()
    .from(categories)
    .where(eq(categories.active, true))
    .orderBy(asc(categories.position), asc(categories.id));
}

export async function findActiveSubcategories(db: Database) {
  return db
    .select()
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.category_id))
    .where(and(eq(subcategories.active, true), eq(categories.active, true)))
    .orderBy(asc(categories.position), asc(categories.id), asc(subcategories.position), asc(subcategories.id));
}

export async function findSubcategory(db: Database, id: number) {
  const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
  return row;
}

export async function findFilterAttributes(db: Database, subcategoryId: number) {
  return db
    .select({
      subcategory_attribute_id: subcategoryAttributes.id,
      id: attributes.id,
      name: attributes.name,
      type: attributeTypes.name,
      has_options: subcategoryAttributes.has_options,
    })
    .from(subcategoryAttributes)
    .innerJoin(attributes, eq(attributes.id, subcategoryAttributes.attribute_id))
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attribute_type_id))
    .where(and(eq(subcategoryAttributes.subcategory_id, subcategoryId), eq(subcategoryAttributes.active, true)))
    .orderBy(asc(subcategoryAttributes.position), asc(subcategoryAttributes.id));
}

export async function findOptions(db: Database, subcategoryAttributeIds: number[]) {
  if (subcategoryAttributeIds.length === 0) return [];
  return db
    .select()
    .from(attributeOptions)
    .where(sql`${attributeOptions.subcategory_attribute_id} in ${subcategoryAttributeIds}`)
    .orderBy(asc(attributeOptions.position), asc(attributeOptions.id));
}

/** The values sellers actually used for free-text attributes, most common first. */
export async function findUsedValues(db: Database, subcategoryAttributeId: number, limit: number) {
  const rows = await db.execute<{ value: string }>(sql`
    select v.value from ad_attribute_values v
    join ads a on a.id = v.ad_id and a.status_id = ${AD_STATUS.active}
    where v.subcategory_attribute_id = ${subcategoryAttributeId}
    group by v.value order by count(*) desc, v.value limit ${limit}`);
  return rows.map((row) => row.value);
}

export async function findCountiesWithAreas(db: Database) {
  const [countyRows, areaRows] = await Promise.all([
    db.select().from(counties).orderBy(asc(counties.name)),
    db.select().from(areas).orderBy(asc(areas.id)),
  ]);
  return { countyRows, areaRows };
}

/**
 * Business sellers of a subcategory for Top Brands: those with a running business plan first (decision 048), then
 * by how many active ads they have there.
 */
export async function findFeaturedBusinesses(db: Database, subcategoryId: number, limit: number) {
  return db.execute<{ id: number; name: string; profile_image: string | null }>(sql`
    select u.id, u.name, u.profile_image
    from ads a join users u on u.id = a.user_id
    where a.subcategory_id = ${subcategoryId} and a.status_id = ${AD_STATUS.active}
      and u.usertype_id = ${USER_TYPE.company} and u.status_id = ${USER_STATUS.active}
    group by u.id
    order by exists (
        select 1 from subscriptions sub
        where sub.user_id = u.id and sub.type = 'user' and sub.status = 'active' and sub.end_date > now()
      ) desc,
      count(*) desc, u.id
    limit ${limit}`);
}

/** The active subcategories a seller has active ads in, with how many. */
export async function countSellerAdsBySubcategory(db: Database, userId: number) {
  const rows = await db.execute<{ subcategory_id: number; count: number }>(sql`
    select subcategory_id, count(*)::int as count from ads
    where user_id = ${userId} and status_id = ${AD_STATUS.active} group by subcategory_id`);
  return new Map(rows.map((row) => [row.subcategory_id, row.count]));
}
