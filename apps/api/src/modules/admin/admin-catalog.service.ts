import type {
  TAdminCategory,
  TAdminSubcategory,
  TAdminSubcategoryAttribute,
  TSubcategoryAttributeCreate,
  TSubcategoryAttributeUpdate,
} from "@waterside/shared/admin-catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  attributeOptions,
  attributes,
  attributeTypes,
  categories,
  subcategories,
  subcategoryAttributes,
} from "../../db/schema/catalog.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import { singleImageFile, storeSingleImage } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { storeThenWrite } from "../../lib/stored-files.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { recordAdminAction } from "./admin-audit.ts";
import {
  attributeNameTakenIn,
  categoryNameTaken,
  countActiveSubcategories,
  countSubcategoryAttributes,
  insertOptions,
  linkInUse,
  selectCategories,
  selectLinks,
  selectSubcategories,
  subcategoryNameTaken,
  type SubcategoryRow,
} from "./admin-catalog.queries.ts";

/** Category and subcategory pictures: the size the seed stores (tiles about 130 px wide, sharp on 2x screens). */
export const CATALOG_IMAGE = { width: 240, height: 180 };

/** The picture of a form: `image`, or `images` itself, or the first file under `images[…]`. */
export function pickImage(body: { image?: Buffer; images?: Buffer | Record<string, unknown> }): Buffer | undefined {
  if (body.image) return body.image;
  if (Buffer.isBuffer(body.images)) return body.images;
  return Object.values(body.images ?? {}).find((value): value is Buffer => Buffer.isBuffer(value));
}

/**
 * The admin catalogue (issue 16; spec §2 "Manage Categories", §4 activation and attribute flow; decision 051).
 * Every write records its audit row in its own transaction. Writes to these tables notify "ads_changed"
 * (migrations 0004 and 0017), so the public catalogue caches drop at once.
 */
export function createAdminCatalogService({
  db,
  storage,
  mediaBaseUrl,
}: {
  db: Database;
  storage: Storage;
  mediaBaseUrl: string;
}) {
  const imageUrl = (key: string | null) => (key ? `${mediaBaseUrl}/${singleImageFile(key)}` : null);
  const toSubcategory = (row: SubcategoryRow): TAdminSubcategory => ({
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

  async function link(id: number): Promise<TAdminSubcategoryAttribute> {
    const [found] = await selectLinks(db, { id });
    if (!found) throw notFound("Subcategory attribute");
    return found;
  }

  /** The unique index decides a race the check before it lost. */
  const uniqueName = async <T>(write: () => Promise<T>, index: string, field: string, message: string) => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, index)) throw fieldError(field, message);
      throw error;
    }
  };

  return {
    listCategories,

    /** A new category starts inactive: it has no active subcategory yet (spec §4). */
    async createCategory(adminId: number, name: string, image: Buffer | undefined) {
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
                  .values({ name, image: key, active: false, position })
                  .returning();
                await recordAdminAction(tx, {
                  adminId,
                  action: "category.create",
                  targetType: "category",
                  targetId: row!.id,
                  after: { name, image: key, active: false },
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

    async updateCategory(adminId: number, id: number, input: { name?: string }, image: Buffer | undefined) {
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
                const change = { ...(input.name !== undefined && { name: input.name }), ...(key && { image: key }) };
                await tx
                  .update(categories)
                  .set({ ...change, updated_at: new Date() })
                  .where(eq(categories.id, id));
                await recordAdminAction(tx, {
                  adminId,
                  action: "category.update",
                  targetType: "category",
                  targetId: id,
                  before: { name: before.name, image: before.image },
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
    async setCategoryActive(adminId: number, id: number, wanted: boolean | undefined) {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for("update");
        if (!row) throw notFound("Category");
        const active = wanted ?? !row.active;
        if (active === row.active) return;
        if (active && (await countActiveSubcategories(tx, id)) === 0) {
          throw fieldError("active", M.categoryNeedsActiveSubcategory);
        }
        await tx.update(categories).set({ active, updated_at: new Date() }).where(eq(categories.id, id));
        await recordAdminAction(tx, {
          adminId,
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
    async createSubcategory(adminId: number, input: { category_id: number; name: string }, image: Buffer | undefined) {
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
                await recordAdminAction(tx, {
                  adminId,
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

    async updateSubcategory(adminId: number, id: number, input: { name?: string }, image: Buffer | undefined) {
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
                await recordAdminAction(tx, {
                  adminId,
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
    async setSubcategoryActive(adminId: number, id: number, wanted: boolean | undefined) {
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
        await recordAdminAction(tx, {
          adminId,
          action: "subcategory.active",
          targetType: "subcategory",
          targetId: id,
          before: { active: row.active },
          after: { active },
        });
      });
      return subcategoryResource(id);
    },

    attributeTypes: () =>
      db.select({ id: attributeTypes.id, name: attributeTypes.name }).from(attributeTypes).orderBy(attributeTypes.id),

    async attribute(id: number) {
      const [row] = await db
        .select({
          id: attributes.id,
          name: attributes.name,
          attribute_type_id: attributes.attribute_type_id,
          type: attributeTypes.name,
        })
        .from(attributes)
        .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attribute_type_id))
        .where(eq(attributes.id, id));
      if (!row) throw notFound("Attribute");
      return {
        id: row.id,
        name: row.name,
        attribute_type_id: row.attribute_type_id,
        attribute_type: { name: row.type },
      };
    },

    /** Spec §8: the name is new within the subcategory it is being created for (when given). */
    async createAttribute(
      adminId: number,
      input: { name: string; attribute_type_id: number; subcategory_id?: number },
    ): Promise<number> {
      await checkType(input.attribute_type_id);
      if (input.subcategory_id !== undefined) {
        await subcategory(input.subcategory_id);
        if (await attributeNameTakenIn(db, input.subcategory_id, input.name)) {
          throw fieldError("name", M.attributeNameTaken);
        }
      }
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(attributes)
          .values({ name: input.name, attribute_type_id: input.attribute_type_id })
          .returning();
        await recordAdminAction(tx, {
          adminId,
          action: "attribute.create",
          targetType: "attribute",
          targetId: row!.id,
          after: { name: input.name, attribute_type_id: input.attribute_type_id },
        });
        return row!.id;
      });
    },

    /** Renaming refuses a name another attribute of one of its subcategories already has. */
    async updateAttribute(adminId: number, id: number, input: { name?: string; attribute_type_id?: number }) {
      const [before] = await db.select().from(attributes).where(eq(attributes.id, id));
      if (!before) throw notFound("Attribute");
      if (input.attribute_type_id !== undefined) await checkType(input.attribute_type_id);
      if (input.name !== undefined) {
        const links = await db
          .select({ subcategory_id: subcategoryAttributes.subcategory_id })
          .from(subcategoryAttributes)
          .where(eq(subcategoryAttributes.attribute_id, id));
        for (const { subcategory_id } of links) {
          if (await attributeNameTakenIn(db, subcategory_id, input.name, id)) {
            throw fieldError("name", M.attributeNameTaken);
          }
        }
      }
      await db.transaction(async (tx) => {
        await tx
          .update(attributes)
          .set({ ...input, updated_at: new Date() })
          .where(eq(attributes.id, id));
        await recordAdminAction(tx, {
          adminId,
          action: "attribute.update",
          targetType: "attribute",
          targetId: id,
          before: { name: before.name, attribute_type_id: before.attribute_type_id },
          after: input,
        });
      });
    },

    subcategoryAttributes: async (subcategoryId: number) => {
      await subcategory(subcategoryId);
      return selectLinks(db, { subcategoryId });
    },

    async createSubcategoryAttribute(adminId: number, input: TSubcategoryAttributeCreate) {
      await subcategory(input.subcategory_id);
      const [attribute] = await db.select().from(attributes).where(eq(attributes.id, input.attribute_id));
      if (!attribute) throw fieldError("attribute_id", "The selected attribute does not exist.");
      const options = input.options ?? [];
      if (input.has_options && options.length === 0) throw fieldError("options", M.optionsRequired);
      if (await attributeNameTakenIn(db, input.subcategory_id, attribute.name)) {
        throw fieldError("name", M.attributeNameTaken);
      }
      const id = await uniqueName(
        () =>
          db.transaction(async (tx) => {
            const [{ position } = { position: 0 }] = await tx.execute<{ position: number }>(sql`
              select coalesce(max(position) + 1, 0)::int as position from subcategory_attributes
              where subcategory_id = ${input.subcategory_id}`);
            const [row] = await tx
              .insert(subcategoryAttributes)
              .values({
                subcategory_id: input.subcategory_id,
                attribute_id: input.attribute_id,
                has_options: input.has_options,
                is_required: input.is_required,
                is_restricted: input.is_restricted,
                position,
              })
              .returning();
            if (input.has_options) await insertOptions(tx, row!.id, options);
            await recordAdminAction(tx, {
              adminId,
              action: "subcategory_attribute.create",
              targetType: "subcategory_attribute",
              targetId: row!.id,
              after: { ...input, options: input.has_options ? options : [] },
            });
            return row!.id;
          }),
        "subcategory_attributes_unique",
        "name",
        M.attributeNameTaken,
      );
      return link(id);
    },

    async updateSubcategoryAttribute(adminId: number, id: number, input: TSubcategoryAttributeUpdate) {
      const before = await link(id);
      const hasOptions = input.has_options ?? before.has_options;
      if (hasOptions && !before.has_options && before.options.length === 0) {
        throw fieldError("options", M.optionsRequired);
      }
      await db.transaction(async (tx) => {
        await tx
          .update(subcategoryAttributes)
          .set({ ...input, updated_at: new Date() })
          .where(eq(subcategoryAttributes.id, id));
        await recordAdminAction(tx, {
          adminId,
          action: "subcategory_attribute.update",
          targetType: "subcategory_attribute",
          targetId: id,
          before: {
            has_options: before.has_options,
            is_required: before.is_required,
            is_restricted: before.is_restricted,
            active: before.active,
          },
          after: input,
        });
      });
      return link(id);
    },

    /**
     * Removes the link and its options together (spec §4 "Attribute management flow"), and the attribute itself when
     * no other subcategory uses it. Refused (409) while ads carry values for it: those ads would lose them; the admin
     * switches it off instead, which hides it from the wizard and the filters (decision 051).
     */
    async deleteSubcategoryAttribute(adminId: number, id: number) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(subcategoryAttributes)
          .where(eq(subcategoryAttributes.id, id))
          .for("update");
        if (!row) throw notFound("Subcategory attribute");
        if (await linkInUse(tx, id)) throw new HttpError(409, M.attributeInUse);
        const options = await tx
          .delete(attributeOptions)
          .where(eq(attributeOptions.subcategory_attribute_id, id))
          .returning({ value: attributeOptions.value });
        await tx.delete(subcategoryAttributes).where(eq(subcategoryAttributes.id, id));
        const [otherUse] = await tx
          .select({ id: subcategoryAttributes.id })
          .from(subcategoryAttributes)
          .where(eq(subcategoryAttributes.attribute_id, row.attribute_id))
          .limit(1);
        if (!otherUse) await tx.delete(attributes).where(eq(attributes.id, row.attribute_id));
        await recordAdminAction(tx, {
          adminId,
          action: "subcategory_attribute.delete",
          targetType: "subcategory_attribute",
          targetId: id,
          before: { ...row, options: options.map((option) => option.value) },
          after: { attribute_deleted: !otherUse },
        });
      });
    },

    async createOptions(adminId: number, linkId: number, values: string[]) {
      await link(linkId);
      const inserted = await db.transaction(async (tx) => {
        const rows = await insertOptions(tx, linkId, values);
        await recordAdminAction(tx, {
          adminId,
          action: "attribute_option.create",
          targetType: "subcategory_attribute",
          targetId: linkId,
          after: { values: rows.map((row) => row.value) },
        });
        return rows;
      });
      return inserted;
    },

    async updateOption(adminId: number, id: number, value: string) {
      const [before] = await db.select().from(attributeOptions).where(eq(attributeOptions.id, id));
      if (!before) throw notFound("Option");
      await uniqueName(
        () =>
          db.transaction(async (tx) => {
            await tx.update(attributeOptions).set({ value }).where(eq(attributeOptions.id, id));
            await recordAdminAction(tx, {
              adminId,
              action: "attribute_option.update",
              targetType: "attribute_option",
              targetId: id,
              before: { value: before.value },
              after: { value },
            });
          }),
        "attribute_options_unique",
        "value",
        M.optionTaken,
      );
      return { id, value };
    },

    /** Ads keep the text they were posted with: values are stored as text, not as option ids. */
    async deleteOption(adminId: number, id: number) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(attributeOptions).where(eq(attributeOptions.id, id)).returning();
        if (!before) throw notFound("Option");
        await recordAdminAction(tx, {
          adminId,
          action: "attribute_option.delete",
          targetType: "attribute_option",
          targetId: id,
          before: { subcategory_attribute_id: before.subcategory_attribute_id, value: before.value },
        });
      });
    },
  };

  async function checkType(typeId: number) {
    const [type] = await db
      .select()
      .from(attributeTypes)
      .where(and(eq(attributeTypes.id, typeId)));
    if (!type) throw fieldError("attribute_type_id", M.typeRequired);
  }
}

export type AdminCatalogService = ReturnType<typeof createAdminCatalogService>;
