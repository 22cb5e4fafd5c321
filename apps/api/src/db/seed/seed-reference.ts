import { sql } from "drizzle-orm";
import { ATTRIBUTE_TYPE } from "@waterside/shared/reference-ids";
import type { Database } from "../database.ts";
import {
  areas,
  attributeOptions,
  attributes,
  categories as categoriesTable,
  counties as countiesTable,
  subcategories,
  subcategoryAttributes,
} from "../schema/catalog.ts";
import { packages as packagesTable } from "../schema/payments.ts";
import type { Storage } from "../../lib/storage.ts";
import { storeSingleImage } from "../../lib/images.ts";
import { categories } from "./reference/categories.ts";
import { counties } from "./reference/counties.ts";
import { packages } from "./reference/packages.ts";
import { drawCatalogPicture } from "./demo-photos.ts";

// Tiles show category pictures at about 130 px wide: 240x180 stays sharp on 2x screens and weighs little.
const CATALOG_IMAGE = { width: 240, height: 180 };

/**
 * Liberia's counties with their areas, the category tree with attributes, and the boost packages. Runs on every start;
 * each part is written only into an empty table, in one transaction, so it never duplicates.
 */
export async function seedReferenceData(db: Database, storage: Storage): Promise<{ seeded: string[] }> {
  const seeded: string[] = [];
  await db.transaction(async (tx) => {
    // Two processes starting at once on one database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(7311)`);

    if ((await tx.$count(countiesTable)) === 0) {
      for (const county of counties) {
        const [row] = await tx.insert(countiesTable).values({ name: county.name }).returning();
        const names = [...county.areas, `Other in ${county.name}`];
        await tx.insert(areas).values(names.map((name) => ({ county_id: row!.id, name })));
      }
      seeded.push("counties");
    }

    if ((await tx.$count(categoriesTable)) === 0) {
      const attributeIds = new Map<string, number>();
      for (const [categoryIndex, category] of categories.entries()) {
        const image = await storeSingleImage(
          storage,
          "categories",
          await drawCatalogPicture({ ...CATALOG_IMAGE, code: category.picture, colors: category.colors }),
          CATALOG_IMAGE,
        );
        const [categoryRow] = await tx
          .insert(categoriesTable)
          .values({ name: category.name, image, position: categoryIndex })
          .returning();
        for (const [subIndex, sub] of category.subcategories.entries()) {
          const subImage = await storeSingleImage(
            storage,
            "subcategories",
            await drawCatalogPicture({
              ...CATALOG_IMAGE,
              code: sub.picture,
              colors: [category.colors[1], category.colors[0]],
            }),
            CATALOG_IMAGE,
          );
          const [subRow] = await tx
            .insert(subcategories)
            .values({
              category_id: categoryRow!.id,
              name: sub.name,
              image: subImage,
              position: subIndex,
              price_unit: sub.priceUnit ?? null,
            })
            .returning();
          for (const [attributeIndex, attribute] of sub.attributes.entries()) {
            // One attribute row per name and type, shared by subcategories, so "Brand" filters mean one thing.
            const attributeKey = `${attribute.name}|${attribute.type}`;
            let attributeId = attributeIds.get(attributeKey);
            if (!attributeId) {
              const [attributeRow] = await tx
                .insert(attributes)
                .values({ name: attribute.name, attribute_type_id: ATTRIBUTE_TYPE[attribute.type] })
                .returning();
              attributeId = attributeRow!.id;
              attributeIds.set(attributeKey, attributeId);
            }
            const options = attribute.type === "Boolean" ? [] : (attribute.options ?? []);
            const [link] = await tx
              .insert(subcategoryAttributes)
              .values({
                subcategory_id: subRow!.id,
                attribute_id: attributeId,
                has_options: options.length > 0,
                is_required: attribute.required ?? false,
                is_restricted: options.length > 0 && (attribute.restricted ?? false),
                position: attributeIndex,
              })
              .returning();
            if (options.length) {
              await tx
                .insert(attributeOptions)
                .values(options.map((value, position) => ({ subcategory_attribute_id: link!.id, value, position })));
            }
          }
        }
      }
      seeded.push("categories");
    }

    if ((await tx.$count(packagesTable)) === 0) {
      await tx.insert(packagesTable).values(packages.map((pack) => ({ ...pack, duration_days: 30 })));
      seeded.push("packages");
    }
  });
  return { seeded };
}
