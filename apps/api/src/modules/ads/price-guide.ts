import {
  PRICE_GUIDE_ATTRIBUTES,
  PRICE_GUIDE_MIN_COUNT,
  PRICE_GUIDE_YEAR_SPAN,
  type TPriceGuide,
  type TPriceGuideAttribute,
  type TPriceGuideQuery,
} from "@waterside/shared/price-guide";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { createChangeAwareCache } from "../../lib/change-aware-cache.ts";
import { usdPriceOf } from "../exchange-rates/latest-rate.ts";

/**
 * The price guide (issue 28, decision 077): quartiles of the live ads' prices in a subcategory, narrowed by Brand,
 * then Model, then Year while at least PRICE_GUIDE_MIN_COUNT ads remain. Kept like the public lists (decision 056):
 * one entry per subcategory and narrowing, dropped the moment a write names an ad of that subcategory.
 */
export const PRICE_GUIDE_CACHE = { max: 2000, ttl: 60_000 } as const;

/** One narrowing step: an attribute and the `attributeId:value` tokens (migration 0003) an ad must hold one of. */
interface Narrowing {
  name: TPriceGuideAttribute;
  tokens: string[];
}

/** A Year narrows to the years around it; any other value (and a Year that is not a year) to itself. */
function tokensOf(attributeId: number, name: TPriceGuideAttribute, value: string): string[] {
  const year = /^\d{4}$/.test(value) ? Number(value) : NaN;
  if (name !== "Year" || Number.isNaN(year)) return [`${attributeId}:${value}`];
  return Array.from(
    { length: PRICE_GUIDE_YEAR_SPAN * 2 + 1 },
    (_, step) => `${attributeId}:${year - PRICE_GUIDE_YEAR_SPAN + step}`,
  );
}

/** The query's Brand, Model and Year in that order; other attributes, and unknown ids, narrow nothing. */
async function narrowingsOf(db: Database, attributes: TPriceGuideQuery["attributes"]): Promise<Narrowing[]> {
  if (!attributes?.length) return [];
  const ids = attributes.map((attribute) => attribute.id);
  const rows = await db.execute<{ id: number; name: string }>(
    sql`select id, name from attributes where id in (${sql.join(ids, sql`, `)})`,
  );
  const nameOf = new Map(rows.map((row) => [row.id, row.name]));
  const narrowings: Narrowing[] = [];
  for (const name of PRICE_GUIDE_ATTRIBUTES) {
    const given = attributes.find((attribute) => nameOf.get(attribute.id) === name);
    if (given) narrowings.push({ name, tokens: tokensOf(given.id, name, given.value) });
  }
  return narrowings;
}

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * Every narrowing level in one pass over the subcategory's active ads (level k: the first k narrowings), read from
 * its partial index (ads_active_sub_price_idx holds price and attribute_tokens), then the most narrowed level with
 * enough ads. Quartiles are percentile_cont: interpolated, as a seller reads "half sell for less than this".
 */
async function loadPriceGuide(db: Database, subcategoryId: number, narrowings: Narrowing[]): Promise<TPriceGuide> {
  const levels: SQL[] = [sql`true`];
  for (const [index, narrowing] of narrowings.entries()) {
    const holds = sql`a.attribute_tokens && array[${sql.join(
      narrowing.tokens.map((token) => sql`${token}`),
      sql`, `,
    )}]::text[]`;
    levels.push(index === 0 ? holds : sql`${levels[index]} and ${holds}`);
  }
  // Ordered-set aggregates over the same input and filter share one sort.
  const columns = levels.map((condition, level) => {
    const quartile = (fraction: number, name: string) =>
      sql`percentile_cont(${sql.raw(String(fraction))}) within group (order by ${usdPriceOf("a")}::float8)
        filter (where ${condition}) as ${sql.raw(`${name}${level}`)}`;
    return sql`count(*) filter (where ${condition}) as ${sql.raw(`n${level}`)},
      ${quartile(0.25, "p25_")}, ${quartile(0.5, "median")}, ${quartile(0.75, "p75_")}`;
  });
  const [row] = await db.execute<Record<string, number | string | null>>(sql`
    select ${sql.join(columns, sql`, `)}
    from ads a
    where a.subcategory_id = ${subcategoryId} and a.status_id = ${AD_STATUS.active}`);
  for (let level = levels.length - 1; level >= 0; level--) {
    const count = Number(row?.[`n${level}`] ?? 0);
    if (count < PRICE_GUIDE_MIN_COUNT && level > 0) continue;
    // Too few ads say nothing typical, and would show one seller's price as "typical".
    const figure = (name: string) =>
      count < PRICE_GUIDE_MIN_COUNT || row?.[`${name}${level}`] == null ? null : cents(Number(row[`${name}${level}`]));
    return {
      count,
      p25: figure("p25_"),
      median: figure("median"),
      p75: figure("p75_"),
      narrowed_by: narrowings.slice(0, level).map((narrowing) => narrowing.name),
    };
  }
  throw new Error("unreachable: level 0 always answers");
}

export function createPriceGuide(db: Database) {
  const guides = createChangeAwareCache(db, {
    ...PRICE_GUIDE_CACHE,
    load: ({ subcategoryId, narrowings }: { subcategoryId: number; narrowings: Narrowing[] }) =>
      loadPriceGuide(db, subcategoryId, narrowings),
    // Only ads of this subcategory move its figures; catalogue writes (attribute names) announce "all".
    scope: ({ subcategoryId }) => ({ subcategoryId }),
  });
  return async ({ subcategory_id, attributes }: TPriceGuideQuery): Promise<TPriceGuide> => {
    const narrowings = await narrowingsOf(db, attributes);
    return guides(JSON.stringify([subcategory_id, narrowings]), { subcategoryId: subcategory_id, narrowings });
  };
}
