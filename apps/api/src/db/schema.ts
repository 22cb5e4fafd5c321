import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  check,
} from "drizzle-orm/pg-core";

const timestamps = {
  created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();

// Index columns are ascending: PostgreSQL reads an index backwards for `order by … desc`. Drizzle's `.desc()`
// writes DESC NULLS LAST, which no plain `order by … desc` (NULLS FIRST) can read in order.

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
    /** Set when the user deleted their account: personal data is erased, the row stays for ads' history. */
    deleted_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_google_id_unique").on(table.google_id),
    uniqueIndex("users_facebook_id_unique").on(table.facebook_id),
    uniqueIndex("users_apple_id_unique").on(table.apple_id),
  ],
);

/** Admins sign in separately (spec: /admin/auth/*); an admin is not a marketplace user. */
export const admins = pgTable(
  "admins",
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    password_hash: text().notNull(),
    profile_image: text(),
    ...timestamps,
  },
  (table) => [uniqueIndex("admins_email_lower_unique").on(sql`lower(${table.email})`)],
);

/**
 * One sign-in on one device: the family its refresh tokens rotate in. Revoking it (logout, reuse of a
 * rotated refresh token, password change, ban, deletion) ends its access tokens too.
 * Exactly one of user_id and admin_id is set.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    user_id: integer().references(() => users.id, { onDelete: "cascade" }),
    admin_id: integer().references(() => admins.id, { onDelete: "cascade" }),
    device_id: text().notNull(),
    remember_me: boolean().notNull().default(false),
    revoked_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("auth_sessions_user_idx").on(table.user_id, table.device_id),
    index("auth_sessions_admin_idx").on(table.admin_id, table.device_id),
    // A session speaks for a user or for an admin, never both and never neither.
    check("auth_sessions_one_owner", sql`num_nonnulls(${table.user_id}, ${table.admin_id}) = 1`),
  ],
);

/** Opaque refresh tokens, stored as SHA-256 hashes. A token is used once: refreshing rotates it. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: id(),
    session_id: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    token_hash: text().notNull().unique(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    /** Set when this token was exchanged for the next one; presenting it again revokes the family. */
    rotated_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.session_id)],
);

/** 4-digit password reset codes (spec §5), stored hashed; expire, count wrong tries, single use. */
export const passwordResetCodes = pgTable(
  "password_reset_codes",
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    failed_attempts: smallint().notNull().default(0),
    used_at: timestamp({ withTimezone: true }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("password_reset_codes_user_idx").on(table.user_id, table.created_at)],
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
    index("ads_user_idx").on(table.user_id, table.created_at),
    index("ads_subcategory_created_idx").on(table.subcategory_id, table.created_at),
    // Public lists read only active ads: partial indexes per sort, overall, per category and per subcategory.
    index("ads_active_created_idx")
      .on(table.created_at, table.id)
      .where(sql`status_id = 2`),
    index("ads_active_visibility_idx")
      .on(table.visibility_score, table.id)
      .where(sql`status_id = 2`),
    index("ads_active_price_idx")
      .on(table.price, table.id)
      .where(sql`status_id = 2`),
    index("ads_active_category_created_idx")
      .on(table.category_id, table.created_at, table.id)
      .where(sql`status_id = 2`),
    // A subcategory's page is a walk along its sort that stops after 30 matches, and its total a walk along
    // the price range. The filtered columns follow the sort columns, so neither reads the table.
    ...(
      [
        ["ads_active_sub_created_idx", [table.created_at, table.id, table.price]],
        ["ads_active_sub_visibility_idx", [table.visibility_score, table.id, table.price]],
        ["ads_active_sub_price_idx", [table.price, table.id]],
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

export const savedAds = pgTable(
  "saved_ads",
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    created_at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.ad_id] }),
    index("saved_ads_ad_idx").on(table.ad_id),
    index("saved_ads_user_created_idx").on(table.user_id, table.created_at),
  ],
);

/** One rating per user and ad (spec §4 "Rating": the first creates, later ones update). */
export const ratings = pgTable(
  "ratings",
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ad_id: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    stars: smallint().notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("ratings_user_ad_unique").on(table.user_id, table.ad_id),
    index("ratings_ad_idx").on(table.ad_id, table.stars),
    check("ratings_stars_range", sql`${table.stars} between 1 and 5`),
  ],
);

/** Boost packages (spec second document: Package id, name, price per month, description), for ads or businesses. */
export const packages = pgTable("packages", {
  id: id(),
  name: text().notNull(),
  description: text().notNull().default(""),
  /** USD per month. */
  price: numeric({ precision: 10, scale: 2, mode: "number" }).notNull(),
  /** "ad" boosts one ad, "user" a business. */
  type: text({ enum: ["ad", "user"] }).notNull(),
  duration_days: smallint().notNull().default(30),
  /** Added to the boosted ads' visibility_score while the subscription is active. */
  visibility_boost: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  ...timestamps,
});

/** A paid boost of an ad (ad_id set) or a business (user-wide). Statuses: active, pending, canceled, expired. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ad_id: integer().references(() => ads.id, { onDelete: "cascade" }),
    package_id: integer()
      .notNull()
      .references(() => packages.id),
    type: text({ enum: ["ad", "user"] }).notNull(),
    status: text({ enum: ["active", "pending", "canceled", "expired"] })
      .notNull()
      .default("pending"),
    start_date: timestamp({ withTimezone: true }),
    end_date: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index("subscriptions_ad_idx").on(table.ad_id, table.created_at),
    index("subscriptions_user_idx").on(table.user_id, table.type, table.created_at),
    index("subscriptions_active_ad_idx")
      .on(table.ad_id, table.end_date)
      .where(sql`status = 'active'`),
  ],
);
