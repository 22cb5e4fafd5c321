import { sql, type SQL } from "drizzle-orm";
import type { TPriceUnit } from "@waterside/shared/catalog";
import type { TCurrency } from "@waterside/shared/money";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import {
  AD_TOTAL_EXACT_LIMIT,
  LIST_DESCRIPTION_LENGTH,
  TYPO_TOLERANCE_MIN_LENGTH,
} from "@waterside/shared/ads-messages";
import type { PriceCandidates } from "./price-index.ts";
import type { Database } from "../../db/database.ts";
import { lrdBoundsOf, usdPriceOf } from "../exchange-rates/latest-rate.ts";
import { intArray } from "../../db/array-literals.ts";

export interface AdListQuery {
  categoryId?: number;
  subcategoryId?: number;
  /** Inactive subcategories, and those of inactive categories: their ads are not public. */
  closedSubcategoryIds: number[];
  userId?: number;
  /** `values`: any of them (a GIN token match); `min`/`max`: a Number attribute's inclusive range (decision 061). */
  attributes: Array<{ id: number; values?: string[]; min?: number; max?: number }>;
  priceMin?: number;
  priceMax?: number;
  countyIds?: number[];
  areaIds?: number[];
  search?: string;
  /** "words": full-text match; "similar": trigram resemblance to the title, when no word matched. */
  searchMode?: "words" | "similar";
  /** The words of `search` an ad must hold one of (findSearchWords): what writes concern its lists (decision 056). */
  searchWords?: string[] | null;
  businessSellersOnly: boolean;
  /** Only ads whose seller has a verified phone (issue 27). */
  verifiedSellersOnly?: boolean;
  /** Only ads with a running boost. */
  boostedOnly?: boolean;
  /** null: by search relevance. */
  sort: { field: "visibility_score" | "created_at" | "price"; order: "asc" | "desc" } | null;
  limit: number;
  offset: number;
  /** Only these ads: the matches already found in memory, for the database to rank (decision 013). */
  onlyIds?: Int32Array;
}

export type AdListRow = {
  id: number;
  title: string;
  description: string;
  /** US$, at the rate in force for an L$ ad (decision 088). */
  price: string;
  currency: TCurrency;
  /** The seller's own price, in `currency`. */
  price_local: string;
  location: string;
  category_id: number;
  category_name: string;
  subcategory_id: number;
  subcategory_name: string;
  subcategory_price_unit: TPriceUnit | null;
  user_id: number;
  user_name: string;
  user_profile_image: string | null;
  user_usertype_id: number;
  user_usertype: string;
  user_created_at: Date;
  user_phone_verified: boolean;
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
 * They read `ads` alone: joining for names before picking the page made every match pay for the joins.
 */
function listConditions(query: AdListQuery): SQL[] {
  const conditions: SQL[] = [sql`a.status_id = ${AD_STATUS.active}`];
  if (query.onlyIds) conditions.push(sql`a.id = any(${intArray(query.onlyIds)}::int[])`);
  if (query.closedSubcategoryIds.length > 0) {
    conditions.push(sql`a.subcategory_id <> all(${intArray(query.closedSubcategoryIds)}::int[])`);
  }
  if (query.categoryId) conditions.push(sql`a.category_id = ${query.categoryId}`);
  if (query.subcategoryId) conditions.push(sql`a.subcategory_id = ${query.subcategoryId}`);
  if (query.userId) conditions.push(sql`a.user_id = ${query.userId}`);
  if (query.priceMin !== undefined || query.priceMax !== undefined) {
    const inEach = (currency: Currency) =>
      sql.join([currencyIs(currency), ...priceBounds(currency, query)], sql` and `);
    conditions.push(sql`((${inEach("USD")}) or (${inEach("LRD")}))`);
  }
  if (query.countyIds) conditions.push(sql`a.county_id in ${query.countyIds}`);
  if (query.areaIds) conditions.push(sql`a.area_id in ${query.areaIds}`);
  if (query.boostedOnly) {
    conditions.push(
      sql`exists (select 1 from subscriptions sub where sub.ad_id = a.id and sub.status = 'active'
                  and (sub.end_date is null or sub.end_date > now()))`,
    );
  }
  if (query.verifiedSellersOnly) {
    // Through the users primary key per candidate ad, like the business filter: the list's own index stays in charge.
    conditions.push(sql`exists (select 1 from users u where u.id = a.user_id and u.verified_phone_number is not null)`);
  }
  if (query.businessSellersOnly) {
    conditions.push(
      sql`exists (select 1 from users u where u.id = a.user_id and u.usertype_id = ${USER_TYPE.company})`,
    );
  }
  for (const attribute of query.attributes) {
    // One GIN-indexed condition per attribute: any of its values (OR), all attributes together (AND).
    if (attribute.values?.length) {
      const tokens = attribute.values.map((value) => sql`${`${attribute.id}:${value}`}`);
      conditions.push(sql`a.attribute_tokens && array[${sql.join(tokens, sql`, `)}]::text[]`);
    }
    if (attribute.min !== undefined || attribute.max !== undefined) conditions.push(numberInRange(attribute));
  }
  if (query.search) {
    conditions.push(
      query.searchMode === "similar"
        ? // Typo tolerance: a title that resembles the words ("toyta" finds Toyota), among the distinct titles.
          sql`waterside_unaccent(lower(a.title)) in (
                select title_key from search_titles where ${normalized(query.search)} <% title_key)`
        : sql`a.search_vector @@ websearch_to_tsquery('simple', ${normalized(query.search)})`,
    );
  }
  return conditions;
}

type Currency = "USD" | "LRD";
const currencyIs = (currency: Currency) => sql.raw(`a.currency = '${currency}'`);

/**
 * A query's US$ price bounds on the seller's own prices of one currency (decision 093): a US$ ad's price as it is,
 * an L$ ad's at the rate in force; both are what the price indexes walk.
 */
function priceBounds(currency: Currency, { priceMin, priceMax }: Pick<AdListQuery, "priceMin" | "priceMax">): SQL[] {
  if (currency === "LRD") return lrdBoundsOf("a", { min: priceMin, max: priceMax });
  const bounds: SQL[] = [];
  if (priceMin !== undefined) bounds.push(sql`a.price_local >= ${priceMin}`);
  if (priceMax !== undefined) bounds.push(sql`a.price_local <= ${priceMax}`);
  return bounds;
}

/**
 * Matches by price as `id, price, key` rows (`limit` after `offset`): a walk of the US$ ads' prices and one of the L$
 * ads' own prices, each along its index and no further than the page's end, merged by the L$ prices' US$ value at the
 * rate in force (decision 093). Within a currency the seller's prices and their US$ values are in the same order, so
 * no match outside the two walks can belong on the page.
 */
function byPrice(query: AdListQuery, conditions: SQL[], limit: number, offset: number): SQL {
  const direction = sql.raw(query.sort?.order === "asc" ? "asc" : "desc");
  const walk = (currency: Currency) => sql`(
    select a.id, ${usdPriceOf("a")}::float8 as price, ${usdPriceOf("a", { exact: true })}::float8 as key from ads a
    where ${sql.join([...conditions, currencyIs(currency), ...priceBounds(currency, query)], sql` and `)}
    order by a.price_local ${direction}, a.id ${direction} limit ${limit + offset})`;
  return sql`select id, price, key from (${walk("USD")} union all ${walk("LRD")}) walk
    order by key ${direction}, id ${direction} limit ${limit} offset ${offset}`;
}

/**
 * A stored value that reads as a plain decimal number ("2015", " 120000 ", "7.5", "-3"): only those are compared
 * with a range; anything else ("about 2015", "1e3", "") is not a number to the filter and never matches it. The
 * length bound keeps the cast within numeric's range.
 */
const PLAIN_NUMBER = "^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*$";

/**
 * A Number attribute within an inclusive range (decision 061): the ad's value of that attribute, read through the
 * unique (ad_id, subcategory_attribute_id) index for each candidate the list walks, cast only once it has been seen
 * to be a number (CASE: PostgreSQL does not promise the order of AND).
 */
function numberInRange({ id, min, max }: { id: number; min?: number; max?: number }): SQL {
  const value = sql`(case when length(v.value) <= 40 and v.value ~ ${PLAIN_NUMBER} then v.value::numeric end)`;
  const bounds: SQL[] = [];
  if (min !== undefined) bounds.push(sql`${value} >= ${String(min)}::numeric`);
  if (max !== undefined) bounds.push(sql`${value} <= ${String(max)}::numeric`);
  return sql`exists (select 1 from ad_attribute_values v
    join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
    where v.ad_id = a.id and sa.attribute_id = ${id} and ${sql.join(bounds, sql` and `)})`;
}

/** How well an ad matches the search words: full-text rank, or title resemblance for typos. */
function relevance(query: AdListQuery): SQL {
  const search = normalized(query.search ?? "");
  return query.searchMode === "similar"
    ? sql`word_similarity(${search}, waterside_unaccent(lower(a.title)))`
    : sql`ts_rank_cd(a.search_vector, websearch_to_tsquery('simple', ${search}))`;
}

/** The order of a list not sorted by price (byPrice walks those). */
function orderBy(query: AdListQuery): SQL {
  if (!query.sort) return sql`${relevance(query)} desc, a.id desc`;
  const column = { visibility_score: sql`a.visibility_score`, created_at: sql`a.created_at` }[
    query.sort.field as "visibility_score" | "created_at"
  ];
  return query.sort.order === "asc" ? sql`${column} asc, a.id asc` : sql`${column} desc, a.id desc`;
}

const isWordSearch = (query: AdListQuery) => query.search !== undefined && query.searchMode !== "similar";

/** The planner's estimate of how many ads match: the price of planning the query, without running it. */
async function estimateMatches(db: Database, where: SQL): Promise<number> {
  const [plan] = await db.execute<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
    sql`explain (format json) select 1 from ads a where ${where}`,
  );
  return plan?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
}

/** What a price index sorts by: the query's sort column, or popularity for a search without one. */
function sortKey(query: AdListQuery): { key: SQL; descending: boolean } {
  const field = query.sort?.field ?? "visibility_score";
  const key = {
    visibility_score: sql`a.visibility_score::float8`,
    // Seconds with their microseconds: a float8 keeps them apart, as the database orders them.
    created_at: sql`extract(epoch from a.created_at)::float8`,
    price: sql`${usdPriceOf("a", { exact: true })}::float8`,
  }[field];
  return { key, descending: query.sort?.order !== "asc" };
}

/**
 * Every match of a query without its price bounds, in its order (by popularity when it has no sort), while
 * there are at most `max`; null past that.
 */
export async function findPriceCandidates(
  db: Database,
  query: AdListQuery,
  max: number,
): Promise<(PriceCandidates & { descending: boolean }) | null> {
  const where = sql.join(listConditions({ ...query, priceMin: undefined, priceMax: undefined }), sql` and `);
  // A common word would read all its matches before finding out there are too many.
  if (isWordSearch(query) && (await estimateMatches(db, where)) > max) return null;
  const { key, descending } = sortKey(query);
  // Ordered by the columns themselves, which the list indexes are ordered by (decision 011).
  const sort = query.sort ? orderBy(query) : sql`a.visibility_score desc, a.id desc`;
  const unbounded = listConditions({ ...query, priceMin: undefined, priceMax: undefined });
  const rows = await db.execute<{ id: number; price: number; key: number }>(
    query.sort?.field === "price"
      ? byPrice({ ...query, priceMin: undefined, priceMax: undefined }, unbounded, max + 1, 0)
      : sql`select a.id, ${usdPriceOf("a")}::float8 as price, ${key} as key from ads a where ${where}
          order by ${sort} limit ${max + 1}`,
  );
  if (rows.length > max) return null;
  return { ...toCandidates(rows), descending };
}

/** Which of `ids` match a query without its price bounds now, to patch its price index after a write. */
export async function findPriceCandidatesAmong(
  db: Database,
  query: AdListQuery,
  ids: readonly number[],
): Promise<PriceCandidates> {
  const conditions = listConditions({
    ...query,
    priceMin: undefined,
    priceMax: undefined,
    onlyIds: Int32Array.from(ids),
  });
  const rows = await db.execute<{ id: number; price: number; key: number }>(sql`
    select a.id, ${usdPriceOf("a")}::float8 as price, ${sortKey(query).key} as key from ads a
    where ${sql.join(conditions, sql` and `)}`);
  return toCandidates(rows);
}

const toCandidates = (rows: ArrayLike<{ id: number; price: number; key: number }>): PriceCandidates => ({
  ids: Int32Array.from(rows, (row) => row.id),
  prices: Float64Array.from(rows, (row) => row.price),
  keys: Float64Array.from(rows, (row) => row.key),
});

/**
 * List rows (names, seller, title image) of the given ads in the given order, whatever their status. Its text
 * never changes, so it is a prepared statement, planned once per connection; the names of the small lookup
 * tables are subqueries rather than joins, which plan faster.
 */
export async function findListRowsByIds(db: Database, ids: number[]): Promise<AdListRow[]> {
  if (ids.length === 0) return [];
  return db.$client<AdListRow[]>`
    select a.id, a.title, left(a.description, ${LIST_DESCRIPTION_LENGTH}::int) as description,
      (case when a.currency = 'LRD' then round(a.price_local / rate.usd_lrd, 2) else a.price_local end)::text as price,
      a.currency, a.price_local::text as price_local, a.location,
      a.category_id, (select c.name from categories c where c.id = a.category_id) as category_name,
      a.subcategory_id, s.name as subcategory_name, s.price_unit as subcategory_price_unit,
      a.user_id, u.name as user_name, u.profile_image as user_profile_image, u.usertype_id as user_usertype_id,
      (select ut.name from user_types ut where ut.id = u.usertype_id) as user_usertype,
      u.created_at as user_created_at, u.verified_phone_number is not null as user_phone_verified, a.status_id,
      (select st.name from ad_statuses st where st.id = a.status_id) as status_name,
      a.visibility_score, a.created_at,
      (select json_build_object('id', i.id, 'path', i.path, 'order', i."order")
         from ad_images i where i.ad_id = a.id order by i."order" limit 1) as image
    from unnest(${ids}::int[]) with ordinality as page(id, position)
    join ads a on a.id = page.id
    join subcategories s on s.id = a.subcategory_id
    join users u on u.id = a.user_id
    -- The L$ ads' US$ value at the rate in force, as usdPriceOf writes it (decision 093).
    left join lateral (select usd_lrd from exchange_rates order by id desc limit 1) rate on true
    order by page.position`;
}

/** The ids of a page of public ads, from `ads` alone: their list rows are read apart (findListRowsByIds). */
export async function findAdPageIds(db: Database, query: AdListQuery): Promise<number[]> {
  if (query.sort?.field === "price") {
    const unbounded = listConditions({ ...query, priceMin: undefined, priceMax: undefined });
    const page = await db.execute<{ id: number }>(byPrice(query, unbounded, query.limit, query.offset));
    return page.map((row) => row.id);
  }
  const where = sql.join(listConditions(query), sql` and `);
  const page = await db.execute<{ id: number }>(sql`
    select a.id from ads a where ${where}
    order by ${orderBy(query)}
    limit ${query.limit} offset ${query.offset}`);
  return page.map((row) => row.id);
}

/**
 * Matches are counted up to AD_TOTAL_EXACT_LIMIT and no further: past it, counting reads every match (a popular
 * word or a wide price range matches tens of thousands), and "1,000+ ads" tells a visitor as much (decision 013).
 */
const EXACT_COUNT_LIMIT = AD_TOTAL_EXACT_LIMIT;
/**
 * A word search the planner expects to match this many ads is not counted at all: checking a word against each
 * ad costs far more than checking a price, and even the first thousand matches of "house" take tens of ms.
 */
const COUNTLESS_SEARCH_ESTIMATE = 10 * EXACT_COUNT_LIMIT;

/** The number of matches, or `more` when there are more than AD_TOTAL_EXACT_LIMIT. */
export async function countAds(db: Database, query: AdListQuery): Promise<{ total: number; more: boolean }> {
  const more = { total: EXACT_COUNT_LIMIT + 1, more: true };
  if (isWordSearch(query)) {
    const where = sql.join(listConditions(query), sql` and `);
    if ((await estimateMatches(db, where)) > COUNTLESS_SEARCH_ESTIMATE) return more;
  }
  const total = await countAdsUpTo(db, query, EXACT_COUNT_LIMIT + 1);
  return total > EXACT_COUNT_LIMIT ? more : { total, more: false };
}

/**
 * The number of matches, read no further than `max` of them. A page past the end counts up to its own offset,
 * which its page query has already read past, so the exact total costs no more than that.
 */
export async function countAdsUpTo(db: Database, query: AdListQuery, max: number): Promise<number> {
  const where = sql.join(listConditions(query), sql` and `);
  const [row] = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from (select 1 from ads a where ${where} limit ${max}) matches`,
  );
  return row?.total ?? 0;
}

export async function findClosedSubcategoryIds(db: Database): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select s.id from subcategories s join categories c on c.id = s.category_id where not (s.active and c.active)`);
  return rows.map((row) => row.id);
}

export async function findLocations(db: Database) {
  return db.execute<{ area_id: number; area: string; county_id: number; county: string }>(sql`
    select a.id as area_id, a.name as area, c.id as county_id, c.name as county
    from areas a join counties c on c.id = a.county_id`);
}

/**
 * Title suggestions from the distinct titles of active ads (search_titles): titles with a word starting with
 * each word typed, else titles that resemble what was typed (typos). The most common titles come first, each
 * with its most visible ad for the place shown under it.
 */
export async function findSuggestions(db: Database, search: string, limit: number) {
  const words = search
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean)
    .join(" ");
  // Unaccenting can turn a letter into tsquery syntax (U+02BC into a quote, U+1ED04 into "(1)"): the syntax
  // characters are removed after it, then each word becomes a prefix match.
  const prefixQuery = sql`(select string_agg(word || ':*', ' & ')
    from regexp_split_to_table(regexp_replace(${normalized(words)}, '[&|!():*''\\\\<>-]+', '', 'g'), '[[:space:]]+') word
    where word <> '')`;
  const withBestAd = (titles: SQL) => sql`
    select best.id, t.title, best.location, best.subcategory_id, best.category_id
    from (${titles}) t
    cross join lateral (
      select a.id, a.location, a.subcategory_id, a.category_id from ads a
      where waterside_unaccent(lower(a.title)) = t.title_key and a.status_id = ${AD_STATUS.active}
        and exists (select 1 from subcategories s join categories c on c.id = s.category_id
                    where s.id = a.subcategory_id and s.active and c.active)
      order by a.visibility_score desc, a.id desc limit 1) best
    order by t.score desc, t.active_ads desc, t.title_key
    limit ${limit}`;
  type Row = { id: number; title: string; location: string; subcategory_id: number; category_id: number };
  // Twice the titles needed: a title whose ads are all in a closed subcategory has no ad to show.
  if (words) {
    const rows = await db.execute<Row>(
      withBestAd(sql`
        select title_key, title, active_ads, active_ads as score from search_titles
        where to_tsvector('simple', title_key) @@ to_tsquery('simple', ${prefixQuery})
        order by active_ads desc, title_key limit ${limit * 2}`),
    );
    if (rows.length > 0) return rows;
  }
  if (search.length < TYPO_TOLERANCE_MIN_LENGTH) return [];
  return db.execute<Row>(
    withBestAd(sql`
      select title_key, title, active_ads, word_similarity(${normalized(search)}, title_key) as score
      from search_titles
      where ${normalized(search)} <% title_key
      order by score desc, active_ads desc, title_key limit ${limit * 2}`),
  );
}

/** The highest id the ads' identity sequence has given out (null before the first ad): ids are never reused. */
export async function lastIssuedAdId(db: Database): Promise<number | null> {
  const [row] = await db.execute<{ last: string | null }>(
    sql`select pg_sequence_last_value(pg_get_serial_sequence('ads', 'id'))::text as last`,
  );
  return row?.last == null ? null : Number(row.last);
}

export async function findAdForPage(db: Database, id: number) {
  const [ad] = await db.execute<
    AdListRow & {
      description_full: string;
      latitude: number | null;
      longitude: number | null;
      updated_at: Date;
      expires_at: Date;
      sold_at: Date | null;
      subcategory_active: boolean;
      category_active: boolean;
    }
  >(sql`
    select a.id, a.title, a.description as description_full, a.description, ${usdPriceOf("a")}::text as price, a.currency,
      a.price_local::text as price_local, a.location,
      a.latitude, a.longitude, a.updated_at, a.expires_at, a.sold_at,
      a.category_id, c.name as category_name, c.active as category_active, a.subcategory_id, s.name as subcategory_name,
      s.price_unit as subcategory_price_unit, s.active as subcategory_active, a.user_id, u.name as user_name, u.profile_image as user_profile_image,
      u.usertype_id as user_usertype_id, ut.name as user_usertype, u.created_at as user_created_at,
      u.verified_phone_number is not null as user_phone_verified, a.status_id, st.name as status_name, a.visibility_score, a.created_at, null as image
    from ads a
    join subcategories s on s.id = a.subcategory_id
    join categories c on c.id = a.category_id
    join users u on u.id = a.user_id
    join user_types ut on ut.id = u.usertype_id
    join ad_statuses st on st.id = a.status_id
    where a.id = ${id}`);
  if (!ad) return undefined;
  const [images, attributeRows] = await Promise.all([
    db.execute<{ id: number; path: string; order: number }>(
      sql`select id, path, "order" from ad_images where ad_id = ${id} order by "order", id`,
    ),
    db.execute<{
      id: number;
      value: string;
      attribute_id: number;
      subcategory_attribute_id: number;
      name: string;
      type: string;
    }>(sql`
      select v.id, v.value, sa.attribute_id, v.subcategory_attribute_id, at.name, t.name as type
      from ad_attribute_values v
      join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
      join attributes at on at.id = sa.attribute_id
      join attribute_types t on t.id = at.attribute_type_id
      where v.ad_id = ${id} order by sa.position, sa.id`),
  ]);
  return { ad, images, attributes: attributeRows };
}

/**
 * The words an ad must hold one of to be found by a word search, as PostgreSQL parses the search (decision 056);
 * null when the search excludes words ("-house"), since then an ad is found by what it lacks.
 */
export async function findSearchWords(db: Database, search: string): Promise<string[] | null> {
  const [row] = await db.execute<{ query: string }>(
    sql`select websearch_to_tsquery('simple', ${normalized(search)})::text as query`,
  );
  const query = row?.query ?? "";
  if (query.includes("!")) return null;
  // A tsquery's text quotes each lexeme, doubling its own quotes: 'toyota' & 'corolla'.
  return [...query.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}
