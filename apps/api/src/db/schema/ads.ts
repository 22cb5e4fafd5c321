import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { areas, categories, counties, subcategories, subcategoryAttributes } from "./catalog.ts";
import { users } from "./users.ts";
import {
  cascadeReference,
  createdAt,
  id,
  lookupColumns,
  lookupReference,
  reference,
  timestamps,
  timestamptz,
  tsvector,
} from "./columns.ts";

/**
 * 1 Pending, 2 Active, 3 Hidden: the ids the spec gives for subcategory_status (Active=2, Hidden=3); 4 Expired and
 * 5 Sold (issue 28): out of every public list, as only Active ads are listed.
 */
export const adStatuses = pgTable("ad_statuses", lookupColumns());

export const ads = pgTable(
  "ads",
  {
    id: id(),
    user_id: reference(() => users.id),
    category_id: reference(() => categories.id),
    subcategory_id: reference(() => subcategories.id),
    county_id: reference(() => counties.id),
    area_id: reference(() => areas.id),
    /** Display text of the place, "Sinkor, Montserrado": what the spec's clients read as `location`. */
    location: text().notNull(),
    status_id: lookupReference(() => adStatuses.id).default(2),
    title: text().notNull(),
    description: text().notNull(),
    /**
     * The price in US$ as the seller's write left it (spec §3). For a US$ ad, its price (`price_local` mirrors it);
     * for an L$ ad, its US$ value at the rate of that write, which nothing reads: its value today is `usdPriceOf`,
     * `price_local` at the rate in force, computed in each query (decision 093), so a rate change rewrites no ad.
     */
    price: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    /** The currency the seller priced the ad in (issue 30): 'USD' or 'LRD'. */
    currency: text().notNull().default("USD"),
    /** The seller's own price, in `currency` (equal to `price` for a US$ ad): what the seller typed, and what lists read. */
    price_local: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    visibility_score: integer().notNull().default(0),
    /**
     * When the ad expires (issue 28): posting sets it to its category's expiry_days ahead, renewing moves it; an
     * admin's edit does not. An ad with a running boost does not expire before the boost ends.
     */
    expires_at: timestamptz()
      .notNull()
      .default(sql`now() + interval '30 days'`),
    /** The `expires_at` whose reminder went out: one reminder per ad and period, whatever retries or processes do. */
    expiry_reminded_for: timestamptz(),
    /** When the owner marked it sold; a Sold ad's page stays readable 30 days after. */
    sold_at: timestamptz(),
    /** The buyer the owner named when marking it sold (someone who chatted with them about it): the deal's record. */
    buyer_user_id: integer().references(() => users.id, { onDelete: "set null" }),
    /** The ad's attribute values as one line ("Toyota Automatic 2015"), for search. Kept by triggers (0003). */
    attributes_text: text().notNull().default(""),
    /** "attributeId:value" of each attribute value, for indexed listing filters. Kept by triggers (0003). */
    attribute_tokens: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Title (A), attributes (B), location (C) and description (D), accent- and case-free. */
    search_vector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', waterside_unaccent(lower(title))), 'A') || setweight(to_tsvector('simple', waterside_unaccent(lower(attributes_text))), 'B') || setweight(to_tsvector('simple', waterside_unaccent(lower(location))), 'C') || setweight(to_tsvector('simple', waterside_unaccent(lower(left(description, 2000)))), 'D')`,
    ),
    ...timestamps,
  },
  (table) => [
    check("ads_currency", sql`${table.currency} in ('USD', 'LRD')`),
    index("ads_user_idx").on(table.user_id, table.created_at),
    // The expiry job walks the active ads whose time has come, and the reminder job those within three days of it.
    index("ads_active_expires_idx")
      .on(table.expires_at)
      .where(sql`status_id = 2`),
    index("ads_subcategory_created_idx").on(table.subcategory_id, table.created_at),
    // Public lists read only active ads: partial indexes per sort, overall, per category and per subcategory.
    index("ads_active_created_idx")
      .on(table.created_at, table.id)
      .where(sql`status_id = 2`),
    index("ads_active_visibility_idx")
      .on(table.visibility_score, table.id)
      .where(sql`status_id = 2`),
    // By price, the US$ ads and the L$ ads are two walks of the seller's own prices, merged at the rate in force
    // (decision 093): a rate change moves no index entry.
    index("ads_active_price_idx")
      .on(table.currency, table.price_local, table.id)
      .where(sql`status_id = 2`),
    index("ads_active_category_created_idx")
      .on(table.category_id, table.created_at, table.id)
      .where(sql`status_id = 2`),
    // A subcategory's page is a walk along its sort that stops after 30 matches, and its total a walk along
    // the price range. The filtered columns follow the sort columns, so neither reads the table.
    ...(
      [
        ["ads_active_sub_created_idx", [table.created_at, table.id, table.currency, table.price_local]],
        ["ads_active_sub_visibility_idx", [table.visibility_score, table.id, table.currency, table.price_local]],
        ["ads_active_sub_price_idx", [table.currency, table.price_local, table.id]],
      ] as const
    ).map(([name, sort]) =>
      index(name)
        .on(table.subcategory_id, ...sort, table.county_id, table.area_id, table.attribute_tokens)
        .where(sql`status_id = 2`),
    ),
    index("ads_search_idx").using("gin", table.search_vector),
    index("ads_attribute_tokens_idx").using("gin", table.attribute_tokens),
    // The most visible active ads of a title: suggestions and typo-tolerant searches (see search_titles).
    index("ads_active_title_key_idx")
      .on(sql`waterside_unaccent(lower(${table.title}))`, table.visibility_score, table.id)
      .where(sql`status_id = 2`),
  ],
);

/**
 * Every distinct title of an active ad, accent- and case-free, with how many active ads carry it. Suggestions
 * search these few rows instead of a million ads and their descriptions. Kept by triggers on ads (0007).
 */
export const searchTitles = pgTable(
  "search_titles",
  {
    title_key: text().primaryKey(),
    /** The title as the first ad wrote it. */
    title: text().notNull(),
    active_ads: integer().notNull(),
  },
  (table) => [
    index("search_titles_words_idx").using("gin", sql`to_tsvector('simple', ${table.title_key})`),
    index("search_titles_trgm_idx").using("gin", sql`${table.title_key} gin_trgm_ops`),
  ],
);

export const adImages = pgTable(
  "ad_images",
  {
    id: id(),
    ad_id: cascadeReference(() => ads.id),
    /** Storage key without size suffix; the sizes live beside it (see lib/storage). */
    path: text().notNull(),
    order: smallint().notNull(),
    /**
     * The photo's 64-bit perceptual hash (DCT pHash of a 32x32 greyscale copy, lib/photo-hash.ts), as a signed
     * bigint; null for photos stored before issue 28 until `npm run images:backfill` hashes them. Photos whose
     * hashes differ in at most PHOTO_HASH_MAX_DISTANCE bits are taken for one photo (decision 078).
     */
    phash: bigint({ mode: "bigint" }),
    ...createdAt,
  },
  (table) => [
    index("ad_images_ad_order_idx").on(table.ad_id, table.order),
    // The hash in four 16-bit bands, each indexed: two hashes at most 3 bits apart agree on at least one whole band
    // (pigeonhole), so a new photo reads only the photos sharing a band with it, never all of them (decision 078).
    ...[48, 32, 16, 0].map((shift, band) =>
      index(`ad_images_phash_band${band}_idx`)
        .on(sql`((${table.phash} >> ${sql.raw(String(shift))}) & 65535)`)
        .where(sql`${table.phash} is not null`),
    ),
  ],
);

export const adAttributeValues = pgTable(
  "ad_attribute_values",
  {
    id: id(),
    ad_id: cascadeReference(() => ads.id),
    subcategory_attribute_id: cascadeReference(() => subcategoryAttributes.id),
    value: text().notNull(),
  },
  (table) => [
    uniqueIndex("ad_attribute_values_unique").on(table.ad_id, table.subcategory_attribute_id),
    index("ad_attribute_values_lookup_idx").on(table.subcategory_attribute_id, table.value),
  ],
);
