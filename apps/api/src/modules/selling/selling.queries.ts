import type { TCurrency } from "@waterside/shared/money";
import type { AdAttributeRule } from "@waterside/shared/ad-attribute-rules";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, inArray, or, eq, sql } from "drizzle-orm";
import type { TSubcategoryAttribute } from "@waterside/shared/selling";
import type { Database } from "../../db/database.ts";
import { adImages, ads } from "../../db/schema/ads.ts";
import {
  areas,
  attributeOptions,
  attributeTypes,
  attributes,
  categories,
  counties,
  subcategories,
  subcategoryAttributes,
} from "../../db/schema/catalog.ts";

/** The subcategory with its category, if both exist; whether they are active is the caller's rule. */
export async function findSubcategory(db: Database, subcategoryId: number) {
  const [row] = await db
    .select({
      id: subcategories.id,
      category_id: subcategories.category_id,
      active: subcategories.active,
      category_active: categories.active,
    })
    .from(subcategories)
    .innerJoin(categories, eq(categories.id, subcategories.category_id))
    .where(eq(subcategories.id, subcategoryId));
  return row;
}

/** "Sinkor, Montserrado" → that area; "Montserrado" alone → its "Other in Montserrado" area. */
/**
 * The place an ad is posted in, from any form the listing filter accepts (decision 005): "Area, County", a county
 * alone (its "Other in …" area) or an area alone. An area name found in several counties is ambiguous: the caller
 * gets the choices, written as the location list writes them.
 */
export async function findArea(db: Database, location: string) {
  const [first, second] = location.split(",").map((part) =>
    part
      .trim()
      .replace(/\s+county$/i, "")
      .toLowerCase(),
  );
  const rows = await db
    .select({ id: areas.id, county_id: areas.county_id, area: areas.name, county: counties.name })
    .from(areas)
    .innerJoin(counties, eq(counties.id, areas.county_id))
    .where(
      second !== undefined
        ? and(sql`lower(${areas.name}) = ${first}`, sql`lower(${counties.name}) = ${second}`)
        : or(
            and(sql`lower(${areas.name}) = ${`other in ${first}`}`, sql`lower(${counties.name}) = ${first}`),
            sql`lower(${areas.name}) = ${first}`,
          ),
    );
  const countyWide = rows.find((row) => row.county.toLowerCase() === first && second === undefined);
  if (countyWide) return { area: countyWide };
  if (rows.length > 1) return { choices: rows.map((row) => `${row.area}, ${row.county}`).sort() };
  return rows[0] ? { area: rows[0] } : {};
}

export interface AttributeRule extends AdAttributeRule {
  subcategoryAttributeId: number;
  options: string[];
}

/** The active attributes of a subcategory with what each accepts. */
export async function findAttributeRules(db: Database, subcategoryId: number): Promise<AttributeRule[]> {
  const rows = await db
    .select({
      id: subcategoryAttributes.id,
      name: attributes.name,
      type: attributes.attribute_type_id,
      required: subcategoryAttributes.is_required,
      restricted: subcategoryAttributes.is_restricted,
      option: attributeOptions.value,
    })
    .from(subcategoryAttributes)
    .innerJoin(attributes, eq(attributes.id, subcategoryAttributes.attribute_id))
    .leftJoin(attributeOptions, eq(attributeOptions.subcategory_attribute_id, subcategoryAttributes.id))
    .where(and(eq(subcategoryAttributes.subcategory_id, subcategoryId), eq(subcategoryAttributes.active, true)))
    .orderBy(subcategoryAttributes.position, subcategoryAttributes.id, attributeOptions.position);
  const rules = new Map<number, AttributeRule>();
  for (const row of rows) {
    const rule = rules.get(row.id) ?? {
      subcategoryAttributeId: row.id,
      name: row.name,
      type: row.type,
      required: row.required,
      restricted: row.restricted,
      options: [],
    };
    if (row.option !== null) rule.options.push(row.option);
    rules.set(row.id, rule);
  }
  return [...rules.values()];
}

/** The same user's active ad with this title, subcategory and price (in the same currency), posted within a day. */
export async function findRecentTwin(
  db: Database,
  {
    userId,
    title,
    subcategoryId,
    price,
    currency,
    exceptId,
  }: { userId: number; title: string; subcategoryId: number; price: number; currency: TCurrency; exceptId?: number },
) {
  const [row] = await db
    .select({ id: ads.id })
    .from(ads)
    .where(
      and(
        eq(ads.user_id, userId),
        eq(ads.subcategory_id, subcategoryId),
        eq(ads.status_id, AD_STATUS.active),
        sql`lower(${ads.title}) = ${title.toLowerCase()}`,
        sql`${ads.price_local} = ${price}`,
        eq(ads.currency, currency),
        sql`${ads.created_at} > now() - interval '24 hours'`,
        exceptId ? sql`${ads.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Each ad's expiry and sale dates, by id (issue 28). */
export async function findAdLives(db: Database, adIds: number[]) {
  if (adIds.length === 0) return new Map<number, { expires_at: Date; sold_at: Date | null }>();
  const rows = await db
    .select({ id: ads.id, expires_at: ads.expires_at, sold_at: ads.sold_at })
    .from(ads)
    .where(inArray(ads.id, adIds));
  return new Map(rows.map((row) => [row.id, row]));
}

export const findAdImages = (db: Database, adId: number) =>
  db.select().from(adImages).where(eq(adImages.ad_id, adId)).orderBy(adImages.order, adImages.id);

/** The active attributes of a subcategory in the spec's "Subcategory attribute" shape, options included. */
export async function findSubcategoryAttributes(db: Database, subcategoryId: number) {
  const rows = await db
    .select({
      link: subcategoryAttributes,
      attribute: attributes,
      type: attributeTypes.name,
      option: { id: attributeOptions.id, value: attributeOptions.value },
    })
    .from(subcategoryAttributes)
    .innerJoin(attributes, eq(attributes.id, subcategoryAttributes.attribute_id))
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attribute_type_id))
    .leftJoin(attributeOptions, eq(attributeOptions.subcategory_attribute_id, subcategoryAttributes.id))
    .where(and(eq(subcategoryAttributes.subcategory_id, subcategoryId), eq(subcategoryAttributes.active, true)))
    .orderBy(subcategoryAttributes.position, subcategoryAttributes.id, attributeOptions.position);
  const byId = new Map<number, TSubcategoryAttribute>();
  for (const row of rows) {
    const entry = byId.get(row.link.id) ?? {
      id: row.link.id,
      subcategory_id: row.link.subcategory_id,
      attribute_id: row.attribute.id,
      has_options: row.link.has_options,
      is_required: row.link.is_required,
      is_restricted: row.link.is_restricted,
      attribute: {
        id: row.attribute.id,
        name: row.attribute.name,
        attribute_type_id: row.attribute.attribute_type_id,
        attribute_type: { name: row.type },
      },
      options: [],
    };
    if (row.option?.id != null) entry.options.push({ id: row.option.id, value: row.option.value! });
    byId.set(row.link.id, entry);
  }
  return [...byId.values()];
}
