import type { TAdminCategory } from "@waterside/shared/admin-catalog";
import type { TSubcategory } from "@waterside/shared/catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { categories, subcategories } from "../../db/schema/catalog.ts";
import { singleImageFile, storeSingleImage } from "../../lib/images.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import type { Storage } from "../../lib/storage.ts";
import { storeThenWrite } from "../../lib/stored-files.ts";
import { fieldError, notFound } from "../../plugins/errors.ts";
import {
  categoryNameTaken,
  countActiveSubcategories,
  countSubcategoryAttributes,
  selectCategories,
  selectSubcategories,
  subcategoryNameTaken,
  type SubcategoryRow,
} from "./category-tree.queries.ts";
import { uniqueName } from "./unique-name.ts";

/** Category and subcategory pictures: the size the seed stores (tiles about 130 px wide, sharp on 2x screens). */
const CATALOG_IMAGE = { width: 240, height: 180 };

/**
 * Categories and subcategories as admins edit them, active or not (issue 16; spec §2 "Manage Categories", §4
 * activation; decision 051). Each write hands its change to `record` in its own transaction (the admin area's audit
 * row). Writes to these tables announce "ads_changed" (migrations 0004, 0017, 0019), so the public catalogue caches
 * drop at once.
 */
export function createCategoryTreeService({
  db,
  storage,
  mediaBaseUrl,
}: {
  db: Database;
  storage: Storage;
  mediaBaseUrl: string;
}) {
  const imageUrl = (key: string | null) => (key ? `${mediaBaseUrl}/${singleImageFile(key)}` : null);
  const toSubcategory = (row: SubcategoryRow): TSubcategory => ({
    id: row.id,
    name: row.name,
    category_id: row.category_id,
    image_url: imageUrl(row.image),
    active: row.active,
    ads_count: row.ads_count,
  });

  async function listCategories(): Promise<TAdminCategory[]> {
    const [rows, subs] = await Promise.all([selectCategories(db), selectSubcategories(db)]);
    return rows.map((row) => {
      const own = subs.filter((sub) => sub.category_id === row.id).map(toSubcategory);
      return {
        id: row.id,
        name: row.name,
        image_url: imageUrl(row.image),
        active: row.active,
        expiry_days: row.expiry_days,
        ads_count: own.reduce((sum, sub) => sum + sub.ads_count, 0),
        subcategories: own,
      };
    });
  }

  async function category(id: number) {
    const found = (await listCategories()).find((row) => row.id === id);
    if (!found) throw notFound("Category");
    return found;
  }

  async function subcategory(id: number) {
    const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
    if (!row) throw notFound("Subcategory");
    return row;
  }

  async function subcategoryResource(id: number) {
    const row = (await selectSubcategories(db)).find((sub) => sub.id === id);
    if (!row) throw notFound("Subcategory");
    return toSubcategory(row);
  }

  return {
    listCategories,
    /** A new category starts inactive: it has no active subcategory yet (spec §4). */
    async createCategory(
      { name, expiry_days }: { name: string; expiry_days?: number },
      image: Buffer | undefined,
      record: RecordChange,
    ) {
      if (!image) throw fieldError("image", M.imageRequired);
      if (await categoryNameTaken(db, name)) throw fieldError("name", M.categoryNameTaken);
      const id = await uniqueName(
        () =>
          storeThenWrite(storage, {
            store: (files) => storeSingleImage(files, "categories", image, CATALOG_IMAGE, "image"),
            write: (key) =>
              db.transaction(async (tx) => {
                const [{ position } = { position: 0 }] = await tx.execute<{ position: number }>(
                  sql`select coalesce(max(position) + 1, 0)::int as position from categories`,
                );
                const [row] = await tx
                  .insert(categories)
                  .values({ name, image: key, active: false, position, ...(expiry_days && { expiry_days }) })
                  .returning();
                await record(tx, {
                  action: "category.create",
                  targetType: "category",
                  targetId: row!.id,
                  after: { name, image: key, active: false, expiry_days: row!.expiry_days },
                });
                return row!.id;
              }),
          }),
        "categories_name_lower_unique",
        "name",
        M.categoryNameTaken,
      );
      return category(id);
    },
    async updateCategory(
      id: number,
      input: { name?: string; expiry_days?: number },
      image: Buffer | undefined,
      record: RecordChange,
    ) {
      const [before] = await db.select().from(categories).where(eq(categories.id, id));
      if (!before) throw notFound("Category");
      if (input.name !== undefined && (await categoryNameTaken(db, input.name, id))) {
        throw fieldError("name", M.categoryNameTaken);
      }
      await uniqueName(
        () =>
          storeThenWrite(storage, {
            store: async (files) =>
              image ? await storeSingleImage(files, "categories", image, CATALOG_IMAGE, "image") : undefined,
            write: (key) =>
              db.transaction(async (tx) => {
                // A new expiry_days applies to ads posted or renewed from now on: live ads keep their expires_at.
                const change = {
                  ...(input.name !== undefined && { name: input.name }),
                  ...(key && { image: key }),
                  ...(input.expiry_days !== undefined && { expiry_days: input.expiry_days }),
                };
                await tx
                  .update(categories)
                  .set({ ...change, updated_at: new Date() })
                  .where(eq(categories.id, id));
                await record(tx, {
                  action: "category.update",
                  targetType: "category",
                  targetId: id,
                  before: { name: before.name, image: before.image, expiry_days: before.expiry_days },
                  after: change,
                });
              }),
            replaced: (key) => (key && before.image ? [singleImageFile(before.image)] : []),
          }),
        "categories_name_lower_unique",
        "name",
        M.categoryNameTaken,
      );
      return category(id);
    },
    /** Spec §4: activating needs an active subcategory (422); deactivating is always allowed. */
    async setCategoryActive(id: number, wanted: boolean | undefined, record: RecordChange) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
        if (!row) throw notFound("Category");
        const active = wanted ?? !row.active;
        if (active === row.active) return;
        if (active && (await countActiveSubcategories(tx, id)) === 0) {
          throw fieldError("active", M.categoryNeedsActiveSubcategory);
        }
        await tx.update(categories).set({ active, updated_at: new Date() }).where(eq(categories.id, id));
        await record(tx, {
          action: "category.active",
          targetType: "category",
          targetId: id,
          before: { active: row.active },
          after: { active },
        });
      });
      return category(id);
    },
    async report() {
      return (await listCategories()).map((row) => ({
        id: row.id,
        name: row.name,
        active: row.active,
        subcategories: row.subcategories.map(({ id, name, active, ads_count }) => ({ id, name, active, ads_count })),
      }));
    },
    listSubcategories: async (categoryId?: number) => (await selectSubcategories(db, categoryId)).map(toSubcategory),
    /** A new subcategory starts inactive, like a new category: the admin switches it on when it is ready. */
    async createSubcategory(
      input: { category_id: number; name: string },
      image: Buffer | undefined,
      record: RecordChange,
    ) {
      const [parent] = await db.select().from(categories).where(eq(categories.id, input.category_id));
      if (!parent) throw fieldError("category_id", "The selected category does not exist.");
      if (!image) throw fieldError("image", M.imageRequired);
      if (await subcategoryNameTaken(db, input.category_id, input.name)) {
        throw fieldError("name", M.subcategoryNameTaken);
      }
      const id = await uniqueName(
        () =>
          storeThenWrite(storage, {
            store: (files) => storeSingleImage(files, "subcategories", image, CATALOG_IMAGE, "image"),
            write: (key) =>
              db.transaction(async (tx) => {
                const [{ position } = { position: 0 }] = await tx.execute<{ position: number }>(sql`
                  select coalesce(max(position) + 1, 0)::int as position from subcategories
                  where category_id = ${input.category_id}`);
                const [row] = await tx
                  .insert(subcategories)
                  .values({ category_id: input.category_id, name: input.name, image: key, active: false, position })
                  .returning();
                await record(tx, {
                  action: "subcategory.create",
                  targetType: "subcategory",
                  targetId: row!.id,
                  after: { category_id: input.category_id, name: input.name, image: key, active: false },
                });
                return row!.id;
              }),
          }),
        "subcategories_category_name_lower_unique",
        "name",
        M.subcategoryNameTaken,
      );
      return subcategoryResource(id);
    },
    async updateSubcategory(id: number, input: { name?: string }, image: Buffer | undefined, record: RecordChange) {
      const before = await subcategory(id);
      if (input.name !== undefined && (await subcategoryNameTaken(db, before.category_id, input.name, id))) {
        throw fieldError("name", M.subcategoryNameTaken);
      }
      await uniqueName(
        () =>
          storeThenWrite(storage, {
            store: async (files) =>
              image ? await storeSingleImage(files, "subcategories", image, CATALOG_IMAGE, "image") : undefined,
            write: (key) =>
              db.transaction(async (tx) => {
                const change = { ...(input.name !== undefined && { name: input.name }), ...(key && { image: key }) };
                await tx
                  .update(subcategories)
                  .set({ ...change, updated_at: new Date() })
                  .where(eq(subcategories.id, id));
                await record(tx, {
                  action: "subcategory.update",
                  targetType: "subcategory",
                  targetId: id,
                  before: { name: before.name, image: before.image },
                  after: change,
                });
              }),
            replaced: (key) => (key && before.image ? [singleImageFile(before.image)] : []),
          }),
        "subcategories_category_name_lower_unique",
        "name",
        M.subcategoryNameTaken,
      );
      return subcategoryResource(id);
    },
    /**
     * Spec §4 (decision 051): a subcategory with attributes can be activated only when one of them is active; one
     * without attributes can. Deactivating is always allowed; its category keeps its own flag (the public lists
     * show only active subcategories of active categories).
     */
    async setSubcategoryActive(id: number, wanted: boolean | undefined, record: RecordChange) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(subcategories).where(eq(subcategories.id, id)).for("update");
        if (!row) throw notFound("Subcategory");
        const active = wanted ?? !row.active;
        if (active === row.active) return;
        if (active) {
          const counted = await countSubcategoryAttributes(tx, id);
          if (counted.total > 0 && counted.active === 0) throw fieldError("active", M.subcategoryNeedsActiveAttribute);
        }
        await tx.update(subcategories).set({ active, updated_at: new Date() }).where(eq(subcategories.id, id));
        await record(tx, {
          action: "subcategory.active",
          targetType: "subcategory",
          targetId: id,
          before: { active: row.active },
          after: { active },
        });
      });
      return subcategoryResource(id);
    },
  };
}

export type CategoryTreeService = ReturnType<typeof createCategoryTreeService>;
