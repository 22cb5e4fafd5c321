import { sql, type SQL } from "drizzle-orm";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import type { TSavedSearchFilters } from "@waterside/shared/saved-searches";
import { intArray, textArray } from "../../db/array-literals.ts";
import type { Database, Transaction } from "../../db/database.ts";
import { usdPriceOf } from "../exchange-rates/latest-rate.ts";

type Executor = Database | Transaction;

export type SavedSearchRow = {
  id: number;
  user_id: number;
  name: string;
  filters: TSavedSearchFilters;
  frequency: "instant" | "daily";
  push: boolean;
  email: boolean;
  sms: boolean;
  created_at: Date;
  downgraded_at: Date | null;
  new_count: number;
};

const searchColumns = sql`s.id, s.user_id, s.name, s.filters, s.frequency, s.push, s.email, s.sms, s.created_at,
  s.downgraded_at,
  (select count(*)::int from saved_search_matches m where m.saved_search_id = s.id and m.matched_at > s.seen_at)
    as new_count`;

export async function findUserSearches(db: Executor, userId: number) {
  return db.execute<SavedSearchRow>(
    sql`select ${searchColumns} from saved_searches s where s.user_id = ${userId} order by s.id desc`,
  );
}

export async function findUserSearch(db: Executor, userId: number, id: number) {
  const [row] = await db.execute<SavedSearchRow>(
    sql`select ${searchColumns} from saved_searches s where s.id = ${id} and s.user_id = ${userId}`,
  );
  return row;
}

/**
 * The words of a search as the listing parses them (websearch_to_tsquery('simple'), as POST /ads/get matches
 * `search`); null when an ad need not hold each of them (an OR, an excluded word).
 */
export async function findSearchLexemes(db: Executor, search: string): Promise<string[] | null> {
  const [row] = await db.execute<{ query: string }>(
    sql`select websearch_to_tsquery('simple', waterside_unaccent(lower(${search})))::text as query`,
  );
  const query = row?.query ?? "";
  if (query.includes("!") || query.includes("|")) return null;
  return [...query.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!.replaceAll("''", "'"));
}

/** The catalogue's names a search's name is made of. */
export async function findCatalogNames(db: Executor, filters: TSavedSearchFilters) {
  const [row] = await db.execute<{ category: string | null; subcategory: string | null }>(sql`
    select (select name from categories where id = ${filters.category_id ?? null}::int) as category,
      (select name from subcategories where id = ${filters.subcategory_id ?? null}::int) as subcategory`);
  const ids = (filters.attributes ?? []).map((attribute) => attribute.id);
  const attributeNames = ids.length
    ? await db.execute<{ id: number; name: string }>(
        sql`select id, name from attributes where id = any(${intArray(ids)}::int[])`,
      )
    : [];
  return { ...row!, attributeNames: new Map(attributeNames.map((attribute) => [attribute.id, attribute.name])) };
}

/** Whether the user proved their phone by SMS code (issue 27 stores the proven number). */
export async function hasVerifiedPhone(db: Executor, userId: number) {
  const [row] = await db.execute<{ verified: boolean }>(
    sql`select verified_phone_number is not null as verified from users where id = ${userId}`,
  );
  return row?.verified ?? false;
}

export type MatchableAd = {
  id: number;
  user_id: number;
  title: string;
  category_id: number;
  subcategory_id: number;
  price: number;
  county: string;
  area: string;
  seller_verified: boolean;
  attribute_tokens: string[];
  lexemes: string[];
  /** Number-looking attribute values by attribute id, for range filters (decision 061). */
  numbers: Record<string, number> | null;
};

/** A live ad, with what matching compares: null when the ad is not public (not active, or its subcategory closed). */
export async function findMatchableAd(db: Executor, adId: number): Promise<MatchableAd | null> {
  const [ad] = await db.execute<MatchableAd>(sql`
    select a.id, a.user_id, a.title, a.category_id, a.subcategory_id, ${usdPriceOf("a")}::float8 as price,
      c.name as county, ar.name as area, u.verified_phone_number is not null as seller_verified,
      a.attribute_tokens, tsvector_to_array(a.search_vector) as lexemes,
      (select jsonb_object_agg(sa.attribute_id::text, v.value::numeric)
        from ad_attribute_values v join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
        where v.ad_id = a.id and length(v.value) <= 40
          and v.value ~ '^\\s*[-+]?([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*$') as numbers
    from ads a
    join counties c on c.id = a.county_id
    join areas ar on ar.id = a.area_id
    join users u on u.id = a.user_id
    join subcategories sc on sc.id = a.subcategory_id and sc.active
    join categories cat on cat.id = a.category_id and cat.active
    where a.id = ${adId} and a.status_id = ${AD_STATUS.active}`);
  return ad ?? null;
}

export type CandidateSearch = {
  id: number;
  user_id: number;
  name: string;
  filters: TSavedSearchFilters;
  frequency: "instant" | "daily";
};

/**
 * A search's price bound in US$, as POST /ads/get converts it (decision 088): L$ bounds (filters.price_currency) at
 * the rate in force when the ad is matched, rounded to the cent as the listing does; without a rate an L$ bound is
 * null, and the comparison matches nothing.
 */
const usdBound = (bound: SQL, usdLrd: number | null) =>
  sql`(case when s.filters->>'price_currency' = 'LRD' then round(${bound} / ${usdLrd}::numeric, 2) else ${bound} end)`;

/**
 * The percolator's read (decision 080): the searches filed under one of the ad's keys (an index scan per key), not
 * the owner's, with the conditions kept in columns (decision 083) checked here: scope, price bounds (in US$) and words,
 * against the ad's own search_vector as the listing matches them. Only a place, attributes and verified sellers are
 * left to check in JavaScript, on the few that pass.
 */
export async function findCandidateSearches(db: Executor, ad: MatchableAd, keys: string[], usdLrd: number | null) {
  return db.execute<CandidateSearch>(sql`
    select s.id, s.user_id, s.name, s.filters, s.frequency
    from saved_searches s, (select search_vector from ads where id = ${ad.id}) a
    where s.match_key = any(${textArray(keys)}::text[]) and s.user_id <> ${ad.user_id}
      and (s.subcategory_id is null or s.subcategory_id = ${ad.subcategory_id})
      and (s.category_id is null or s.category_id = ${ad.category_id})
      and (s.price_min is null or ${usdBound(sql`s.price_min`, usdLrd)} <= ${ad.price})
      and (s.price_max is null or ${usdBound(sql`s.price_max`, usdLrd)} >= ${ad.price})
      and (s.search_query is null or a.search_vector @@ s.search_query)`);
}

/**
 * Records the matches; returns the searches newly matched (a replayed job finds them recorded already), each with its
 * matches today (Liberia's day is UTC's) counting this one, for the downgrade threshold. One statement: the insert's
 * rows are not visible to its own count, hence the one added.
 */
export async function insertMatches(tx: Transaction, adId: number, searchIds: number[]) {
  if (searchIds.length === 0) return [];
  return tx.execute<{ saved_search_id: number; today: number }>(sql`
    with fresh as (
      insert into saved_search_matches (saved_search_id, ad_id)
      select unnest(${intArray(searchIds)}::int[]), ${adId}
      on conflict do nothing
      returning saved_search_id)
    select f.saved_search_id,
      (select count(*) from saved_search_matches m
        where m.saved_search_id = f.saved_search_id and m.matched_at >= date_trunc('day', now()))::int + 1 as today
    from fresh f`);
}

export type LockedSearch = Omit<SavedSearchRow, "new_count" | "created_at">;

/**
 * The searches, locked for their delivery, in id order (so two deliveries of overlapping searches wait for each
 * other instead of deadlocking): a second process delivering the same search waits, then finds nothing.
 */
export async function lockSearches(tx: Transaction, ids: number[]) {
  return tx.execute<LockedSearch>(sql`
    select id, user_id, name, filters, frequency, push, email, sms, downgraded_at
    from saved_searches where id = any(${intArray(ids)}::int[]) order by id for update`);
}

export type PendingMatch = { ad_id: number; matched_at: Date; category_id: number; subcategory_id: number };

/** Each search's matches not yet in a notification, of ads still live, newest first. */
export async function findPendingMatches(tx: Transaction, savedSearchIds: number[]) {
  const rows = await tx.execute<PendingMatch & { saved_search_id: number }>(sql`
    select m.saved_search_id, m.ad_id, m.matched_at, a.category_id, a.subcategory_id
    from saved_search_matches m join ads a on a.id = m.ad_id
    where m.saved_search_id = any(${intArray(savedSearchIds)}::int[]) and m.notified_at is null
      and a.status_id = ${AD_STATUS.active}
    order by m.matched_at desc, m.ad_id desc`);
  const bySearch = new Map<number, PendingMatch[]>();
  for (const { saved_search_id, ...match } of rows) {
    bySearch.set(saved_search_id, [...(bySearch.get(saved_search_id) ?? []), match]);
  }
  return bySearch;
}

export async function markNotified(tx: Transaction, savedSearchIds: number[]) {
  if (savedSearchIds.length === 0) return;
  await tx.execute(sql`
    update saved_search_matches set notified_at = now()
    where saved_search_id = any(${intArray(savedSearchIds)}::int[]) and notified_at is null`);
}

/** Instant searches with a match older than the collapse window still unnotified: the sweep's backstop. */
export async function findOverdueInstantSearches(db: Executor, olderThanSeconds: number) {
  const rows = await db.execute<{ id: number }>(sql`
    select distinct m.saved_search_id as id from saved_search_matches m
    join saved_searches s on s.id = m.saved_search_id and s.frequency = 'instant'
    where m.notified_at is null and m.matched_at < now() - make_interval(secs => ${olderThanSeconds})`);
  return rows.map((row) => row.id);
}

/** Daily searches with matches since their last digest. */
export async function findDailySearchesWithPending(db: Executor) {
  const rows = await db.execute<{ id: number }>(sql`
    select distinct m.saved_search_id as id from saved_search_matches m
    join saved_searches s on s.id = m.saved_search_id and s.frequency = 'daily'
    where m.notified_at is null`);
  return rows.map((row) => row.id);
}

/** The users' email addresses (null for an account made by phone), by user id. */
export async function findUserEmails(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return new Map<number, string | null>();
  const rows = await db.execute<{ id: number; email: string | null }>(
    sql`select id, email from users where id = any(${intArray(userIds)}::int[])`,
  );
  return new Map(rows.map((row) => [row.id, row.email]));
}

/** Moves an instant search to daily for matching too much; false when it was not instant (already moved). */
export async function moveToDaily(tx: Transaction, id: number) {
  const rows = await tx.execute<{ id: number }>(sql`
    update saved_searches set frequency = 'daily', downgraded_at = now(), updated_at = now()
    where id = ${id} and frequency = 'instant' returning id`);
  return rows.length > 0;
}
