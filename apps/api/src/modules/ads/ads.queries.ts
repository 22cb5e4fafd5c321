import { sql, type SQL } from "drizzle-orm";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { LIST_DESCRIPTION_LENGTH } from "@waterside/shared/ads";
import type { Database } from "../../db/database.ts";

export interface AdListQuery {
  categoryId?: number;
  subcategoryId?: number;
  userId?: number;
  attributes: Array<{ id: number; values: string[] }>;
  priceMin?: number;
  priceMax?: number;
  countyIds?: number[];
  areaIds?: number[];
  search?: string;
  businessSellersOnly: boolean;
  /** null: by search relevance. */
  sort: { field: "visibility_score" | "created_at" | "price"; order: "asc" | "desc" } | null;
  limit: number;
  offset: number;
}

export type AdListRow = {
  id: number;
  title: string;
  description: string;
  price: string;
  location: string;
  category_id: number;
  category_name: string;
  subcategory_id: number;
  subcategory_name: string;
  user_id: number;
  user_name: string;
  user_profile_image: string | null;
  user_usertype_id: number;
  user_usertype: string;
  user_created_at: Date;
  status_id: number;
  status_name: string;
  visibility_score: number;
  created_at: Date;
  image: { id: number; path: string; order: number } | null;
};

const normalized = (text: string) => sql`waterside_unaccent(lower(${text}))`;

/**
 * The conditions every public list shares: active ads of active subcategories and categories,
 * plus each filter given. Attribute filters are ANDed across attributes and ORed within one.
 */
function listConditions(query: AdListQuery): SQL[] {
  const conditions: SQL[] = [sql`a.status_id = ${AD_STATUS.active}`, sql`s.active`, sql`c.active`];
  if (query.categoryId) conditions.push(sql`a.category_id = ${query.categoryId}`);
  if (query.subcategoryId) conditions.push(sql`a.subcategory_id = ${query.subcategoryId}`);
  if (query.userId) conditions.push(sql`a.user_id = ${query.userId}`);
  if (query.priceMin !== undefined) conditions.push(sql`a.price >= ${query.priceMin}`);
  if (query.priceMax !== undefined) conditions.push(sql`a.price <= ${query.priceMax}`);
  if (query.countyIds) conditions.push(sql`a.county_id in ${query.countyIds}`);
  if (query.areaIds) conditions.push(sql`a.area_id in ${query.areaIds}`);
  if (query.businessSellersOnly) conditions.push(sql`u.usertype_id = ${USER_TYPE.company}`);
  for (const attribute of query.attributes) {
    conditions.push(sql`exists (
      select 1 from ad_attribute_values v
      join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
      where v.ad_id = a.id and sa.attribute_id = ${attribute.id} and v.value in ${attribute.values})`);
  }
  if (query.search) {
    // Full-text words anywhere in the ad, or a title that resembles the words (typos: "toyta" finds Toyota).
    conditions.push(sql`(a.search_vector @@ websearch_to_tsquery('simple', ${normalized(query.search)})
      or ${normalized(query.search)} <% waterside_unaccent(lower(a.title)))`);
  }
  return conditions;
}

const FROM = sql`from ads a
  join subcategories s on s.id = a.subcategory_id
  join categories c on c.id = a.category_id
  join users u on u.id = a.user_id`;

function orderBy(query: AdListQuery): SQL {
  if (!query.sort) {
    const search = query.search ?? "";
    return sql`ts_rank_cd(a.search_vector, websearch_to_tsquery('simple', ${normalized(search)})) * 2
      + word_similarity(${normalized(search)}, waterside_unaccent(lower(a.title))) desc, a.id desc`;
  }
  const column = { visibility_score: sql`a.visibility_score`, created_at: sql`a.created_at`, price: sql`a.price` }[
    query.sort.field
  ];
  return query.sort.order === "asc" ? sql`${column} asc, a.id asc` : sql`${column} desc, a.id desc`;
}

export async function findAdPage(db: Database, query: AdListQuery): Promise<AdListRow[]> {
  const where = sql.join(listConditions(query), sql` and `);
  return db.execute<AdListRow>(sql`
    select a.id, a.title, left(a.description, ${LIST_DESCRIPTION_LENGTH}) as description, a.price::text as price,
      a.location, a.category_id, c.name as category_name, a.subcategory_id, s.name as subcategory_name,
      a.user_id, u.name as user_name, u.profile_image as user_profile_image, u.usertype_id as user_usertype_id,
      ut.name as user_usertype, u.created_at as user_created_at, a.status_id, st.name as status_name,
      a.visibility_score, a.created_at,
      (select json_build_object('id', i.id, 'path', i.path, 'order', i."order")
         from ad_images i where i.ad_id = a.id order by i."order" limit 1) as image
    ${FROM}
    join user_types ut on ut.id = u.usertype_id
    join ad_statuses st on st.id = a.status_id
    where ${where}
    order by ${orderBy(query)}
    limit ${query.limit} offset ${query.offset}`);
}

export async function countAds(db: Database, query: AdListQuery): Promise<number> {
  const where = sql.join(listConditions(query), sql` and `);
  const [row] = await db.execute<{ total: number }>(sql`select count(*)::int as total ${FROM} where ${where}`);
  return row?.total ?? 0;
}

export async function findLocations(db: Database) {
  return db.execute<{ area_id: number; area: string; county_id: number; county: string }>(sql`
    select a.id as area_id, a.name as area, c.id as county_id, c.name as county
    from areas a join counties c on c.id = a.county_id`);
}
