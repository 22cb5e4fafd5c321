import {
  FEATURED_BUSINESSES_LIMIT,
  type TCategory,
  type TCounty,
  type TFeaturedBusiness,
  type TFilterDefinition,
  type TSubcategory,
} from "@waterside/shared/catalog";
import type { Database } from "../../db/database.ts";
import { createChangeAwareCache } from "../../lib/change-aware-cache.ts";
import { notFound } from "../../plugins/errors.ts";
import {
  countSellerAdsBySubcategory,
  findActiveCategories,
  findFeaturedBusinesses,
  findActiveSubcategories,
  findCountiesWithAreas,
  findFilterAttributes,
  findOptions,
  findSubcategory,
  findUsedValues,
} from "./catalog.queries.ts";

/** How many distinct free-text values a filter offers. */
const FILTER_VALUES_LIMIT = 50;

/** Catalog reads change only with the catalog or its ads: memoised until PostgreSQL says otherwise. */
const CATALOG_CACHE = { max: 2000, ttl: 600_000 };

export function createCatalogService(db: Database, mediaBaseUrl: string) {
  const imageUrl = (key: string | null) => (key ? `${mediaBaseUrl}/${key}.webp` : null);
  const cached = createChangeAwareCache(db, { ...CATALOG_CACHE, load: (read: () => Promise<unknown>) => read() });
  const memo =
    <Args extends Array<string | number>, T>(name: string, read: (...args: Args) => Promise<T>) =>
    (...args: Args) =>
      cached(`${name}:${args.join(",")}`, () => read(...args)) as Promise<T>;

  const activeSubcategories = memo("subcategories", async (): Promise<TSubcategory[]> => {
    const rows = await findActiveSubcategories(db);
    return rows.map(({ subcategories: sub }) => ({
      id: sub.id,
      name: sub.name,
      category_id: sub.category_id,
      image_url: imageUrl(sub.image),
      active: sub.active,
      ads_count: sub.active_ads_count,
    }));
  });

  const activeCategories = memo("categories", async (): Promise<TCategory[]> => {
    const [rows, subs] = await Promise.all([findActiveCategories(db), activeSubcategories()]);
    return rows.map((category) => ({
      id: category.id,
      name: category.name,
      image_url: imageUrl(category.image),
      active: category.active,
      subcategories: subs.filter((sub) => sub.category_id === category.id),
    }));
  });

  return {
    activeSubcategories,
    activeCategories,

    /** A seller's categories: only those with their active ads, and ads_count counting only theirs. */
    sellerCategories: memo("seller", async (userId: number): Promise<TCategory[]> => {
      const [categories, counts] = await Promise.all([activeCategories(), countSellerAdsBySubcategory(db, userId)]);
      return categories
        .map((category) => ({
          ...category,
          subcategories: category.subcategories
            .filter((sub) => counts.has(sub.id))
            .map((sub) => ({ ...sub, ads_count: counts.get(sub.id)! })),
        }))
        .filter((category) => category.subcategories.length > 0);
    }),

    featuredBusinesses: memo("featured", async (subcategoryId: number): Promise<TFeaturedBusiness[]> => {
      const rows = await findFeaturedBusinesses(db, subcategoryId, FEATURED_BUSINESSES_LIMIT);
      return rows.map((row) => ({ id: row.id, name: row.name, profile_image: imageUrl(row.profile_image) }));
    }),

    subcategoryFilters: memo("filters", async (subcategoryId: number): Promise<TFilterDefinition[]> => {
      const subcategory = await findSubcategory(db, subcategoryId);
      if (!subcategory || !subcategory.active) throw notFound("Subcategory");
      const rows = await findFilterAttributes(db, subcategoryId);
      const options = await findOptions(
        db,
        rows.filter((row) => row.has_options).map((row) => row.subcategory_attribute_id),
      );
      return Promise.all(
        rows.map(async (row) => {
          const type = row.type as TFilterDefinition["type"];
          let values: string[];
          if (type === "Boolean") values = ["Yes", "No"];
          else if (row.has_options)
            values = options
              .filter((option) => option.subcategory_attribute_id === row.subcategory_attribute_id)
              .map((option) => option.value);
          else values = await findUsedValues(db, row.subcategory_attribute_id, FILTER_VALUES_LIMIT);
          return { id: row.id, name: row.name, type, values };
        }),
      );
    }),

    counties: memo("counties", async (): Promise<TCounty[]> => {
      const { countyRows, areaRows } = await findCountiesWithAreas(db);
      return countyRows.map((county) => ({
        id: county.id,
        name: county.name,
        areas: areaRows.filter((area) => area.county_id === county.id).map(({ id, name }) => ({ id, name })),
      }));
    }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
