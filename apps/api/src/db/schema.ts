import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** 1 Individual, 2 Company (spec: usertype_id 1 individual, 2 business). */
export const userTypes = pgTable("user_types", {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

/** 1 Active, 2 Banned (spec: admin user status). */
export const userStatuses = pgTable("user_statuses", {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

export const users = pgTable(
  "users",
  {
    id: id(),
    usertype_id: smallint()
      .notNull()
      .references(() => userTypes.id),
    status_id: smallint()
      .notNull()
      .default(1)
      .references(() => userStatuses.id),
    name: text().notNull(),
    email: text().notNull(),
    password_hash: text(),
    phone_number: text(),
    bio: text(),
    profile_image: text(),
    google_id: text(),
    facebook_id: text(),
    apple_id: text(),
    ...timestamps,
  },
  (table) => [uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`)],
);

export const companies = pgTable("companies", {
  id: id(),
  user_id: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  banner_image: text(),
  description: text(),
  address: text(),
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  ...timestamps,
});

export const counties = pgTable("counties", {
  id: id(),
  name: text().notNull().unique(),
});

export const areas = pgTable(
  "areas",
  {
    id: id(),
    county_id: integer()
      .notNull()
      .references(() => counties.id),
    name: text().notNull(),
  },
  (table) => [uniqueIndex("areas_county_name_unique").on(table.county_id, table.name)],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    name: text().notNull(),
    image: text(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("categories_name_lower_unique").on(sql`lower(${table.name})`)],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: id(),
    category_id: integer()
      .notNull()
      .references(() => categories.id),
    name: text().notNull(),
    image: text(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** Active ads in this subcategory, kept exact by statement-level triggers on ads (migration 0001). */
    active_ads_count: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("subcategories_category_name_lower_unique").on(table.category_id, sql`lower(${table.name})`)],
);

/** Boolean, Number, Text (spec: attribute types). */
export const attributeTypes = pgTable("attribute_types", {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

export const attributes = pgTable("attributes", {
  id: id(),
  name: text().notNull(),
  attribute_type_id: smallint()
    .notNull()
    .references(() => attributeTypes.id),
  ...timestamps,
});

export const subcategoryAttributes = pgTable(
  "subcategory_attributes",
  {
    id: id(),
    subcategory_id: integer()
      .notNull()
      .references(() => subcategories.id, { onDelete: "cascade" }),
    attribute_id: integer()
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    has_options: boolean().notNull().default(false),
    is_required: boolean().notNull().default(false),
    is_restricted: boolean().notNull().default(false),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("subcategory_attributes_unique").on(table.subcategory_id, table.attribute_id)],
);

export const attributeOptions = pgTable(
  "attribute_options",
  {
    id: id(),
    subcategory_attribute_id: integer()
      .notNull()
      .references(() => subcategoryAttributes.id, { onDelete: "cascade" }),
    value: text().notNull(),
    position: integer().notNull().default(0),
  },
  (table) => [uniqueIndex("attribute_options_unique").on(table.subcategory_attribute_id, table.value)],
);

/** 1 Pending, 2 Active, 3 Hidden: the ids the spec gives for subcategory_status (Active=2, Hidden=3). */
export const adStatuses = pgTable("ad_statuses", {
  id: smallint().primaryKey(),
  name: text().notNull().unique(),
});

export const ads = pgTable(
  "ads",
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id),
    category_id: integer()
      .notNull()
      .references(() => categories.id),
    subcategory_id: integer()
      .notNull()
      .references(() => subcategories.id),
    county_id: integer()
      .notNull()
      .references(() => counties.id),
    area_id: integer()
      .notNull()
      .references(() => areas.id),
    /** Display text of the place, "Sinkor, Montserrado": what the spec's clients read as `location`. */
    location: text().notNull(),
    status_id: smallint()
      .notNull()
      .default(2)
      .references(() => adStatuses.id),
    title: text().notNull(),
    description: text().notNull(),
    price: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    visibility_score: integer().notNull().default(0),
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
    index("ads_user_idx").on(table.user_id, table.created_at.desc()),
    index("ads_subcategory_created_idx").on(table.subcategory_id, table.created_at.desc()),
    // Public lists read only active ads: partial indexes per sort, overall and within a subcategory.
    index("ads_active_created_idx")
      .on(table.created_at.desc(), table.id.desc())
      .where(sql`status_id = 2`),
    index("ads_active_visibility_idx")
      .on(table.visibility_score.desc(), table.id.desc())
      .where(sql`status_id = 2`),
    index("ads_active_price_idx")
      .on(table.price, table.id)
      .where(sql`status_id = 2`),
    index("ads_active_sub_created_idx")
      .on(table.subcategory_id, table.created_at.desc())
      .where(sql`status_id = 2`),
    index("ads_active_sub_visibility_idx")
      .on(table.subcategory_id, table.visibility_score.desc())
      .where(sql`status_id = 2`),
    index("ads_active_sub_price_idx")
      .on(table.subcategory_id, table.price)
      .where(sql`status_id = 2`),
    index("ads_search_idx").using("gin", table.search_vector),
    index("ads_attribute_tokens_idx").using("gin", table.attribute_tokens),
    index("ads_title_trgm_idx").using("gin", sql`waterside_unaccent(lower(${table.title})) gin_trgm_ops`),
  ],
);

export const adImages = pgTable(
  "ad_images",
  {
    id: id(),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    /** Storage key without size suffix; the sizes live beside it (see lib/storage). */
    path: text().notNull(),
    order: smallint().notNull(),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("ad_images_ad_order_idx").on(table.ad_id, table.order)],
);

export const adAttributeValues = pgTable(
  "ad_attribute_values",
  {
    id: id(),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    subcategory_attribute_id: integer()
      .notNull()
      .references(() => subcategoryAttributes.id, { onDelete: "cascade" }),
    value: text().notNull(),
  },
  (table) => [
    uniqueIndex("ad_attribute_values_unique").on(table.ad_id, table.subcategory_attribute_id),
    index("ad_attribute_values_lookup_idx").on(table.subcategory_attribute_id, table.value),
  ],
);
