import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TPriceUnit } from "@waterside/shared/catalog";
import { cascadeReference, id, lookupColumns, lookupReference, reference, timestamps } from "./columns.ts";

export const counties = pgTable("counties", {
  id: id(),
  name: text().notNull().unique(),
});

export const areas = pgTable(
  "areas",
  {
    id: id(),
    county_id: reference(() => counties.id),
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
    /** How long an ad of this category lives before it expires (issue 28), 1–365 days; admins set it. */
    expiry_days: smallint().notNull().default(30),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("categories_name_lower_unique").on(sql`lower(${table.name})`),
    check("categories_expiry_days_range", sql`${table.expiry_days} between 1 and 365`),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: id(),
    category_id: reference(() => categories.id),
    name: text().notNull(),
    image: text(),
    active: boolean().notNull().default(true),
    position: integer().notNull().default(0),
    /** The period its prices are quoted for (PRICE_UNITS: rents by the month …); null: the price of the thing. */
    price_unit: text().$type<TPriceUnit>(),
    /** Active ads in this subcategory, kept exact by statement-level triggers on ads (migration 0001). */
    active_ads_count: integer().notNull().default(0),
    ...timestamps,
  },
  (table) => [uniqueIndex("subcategories_category_name_lower_unique").on(table.category_id, sql`lower(${table.name})`)],
);

/** Boolean, Number, Text (spec: attribute types). */
export const attributeTypes = pgTable("attribute_types", lookupColumns());

export const attributes = pgTable("attributes", {
  id: id(),
  name: text().notNull(),
  attribute_type_id: lookupReference(() => attributeTypes.id),
  ...timestamps,
});

export const subcategoryAttributes = pgTable(
  "subcategory_attributes",
  {
    id: id(),
    subcategory_id: cascadeReference(() => subcategories.id),
    attribute_id: cascadeReference(() => attributes.id),
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
    subcategory_attribute_id: cascadeReference(() => subcategoryAttributes.id),
    value: text().notNull(),
    position: integer().notNull().default(0),
  },
  (table) => [uniqueIndex("attribute_options_unique").on(table.subcategory_attribute_id, table.value)],
);
