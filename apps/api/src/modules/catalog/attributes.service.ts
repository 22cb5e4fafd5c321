import type {
  TAdminSubcategoryAttribute,
  TSubcategoryAttributeCreate,
  TSubcategoryAttributeUpdate,
} from "@waterside/shared/admin-catalog";
import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  attributeOptions,
  attributes,
  attributeTypes,
  subcategories,
  subcategoryAttributes,
} from "../../db/schema/catalog.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { attributeNameTakenIn, insertOptions, linkInUse, selectLinks } from "./attributes.queries.ts";
import { uniqueName } from "./unique-name.ts";

/**
 * Attributes, their links to subcategories and their options, as admins edit them (issue 16; spec §4 attribute
 * flow, §8; decision 051). Each write hands its change to `record` in its own transaction (the admin area's audit
 * row). Writes to these tables announce "ads_changed" (migration 0017): the wizard and the filters follow at once.
 */
export function createAttributesService(db: Database) {
  async function subcategory(id: number) {
    const [row] = await db.select().from(subcategories).where(eq(subcategories.id, id));
    if (!row) throw notFound("Subcategory");
    return row;
  }

  async function link(id: number): Promise<TAdminSubcategoryAttribute> {
    const [found] = await selectLinks(db, { id });
    if (!found) throw notFound("Subcategory attribute");
    return found;
  }

  return {
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
      input: { name: string; attribute_type_id: number; subcategory_id?: number },
      record: RecordChange,
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
        await record(tx, {
          action: "attribute.create",
          targetType: "attribute",
          targetId: row!.id,
          after: { name: input.name, attribute_type_id: input.attribute_type_id },
        });
        return row!.id;
      });
    },
    /** Renaming refuses a name another attribute of one of its subcategories already has. */
    async updateAttribute(id: number, input: { name?: string; attribute_type_id?: number }, record: RecordChange) {
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
        await record(tx, {
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
    async createSubcategoryAttribute(input: TSubcategoryAttributeCreate, record: RecordChange) {
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
            await record(tx, {
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
    async updateSubcategoryAttribute(id: number, input: TSubcategoryAttributeUpdate, record: RecordChange) {
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
        await record(tx, {
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
    async deleteSubcategoryAttribute(id: number, record: RecordChange) {
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
        await record(tx, {
          action: "subcategory_attribute.delete",
          targetType: "subcategory_attribute",
          targetId: id,
          before: { ...row, options: options.map((option) => option.value) },
          after: { attribute_deleted: !otherUse },
        });
      });
    },
    async createOptions(linkId: number, values: string[], record: RecordChange) {
      await link(linkId);
      const inserted = await db.transaction(async (tx) => {
        const rows = await insertOptions(tx, linkId, values);
        await record(tx, {
          action: "attribute_option.create",
          targetType: "subcategory_attribute",
          targetId: linkId,
          after: { values: rows.map((row) => row.value) },
        });
        return rows;
      });
      return inserted;
    },
    async updateOption(id: number, value: string, record: RecordChange) {
      const [before] = await db.select().from(attributeOptions).where(eq(attributeOptions.id, id));
      if (!before) throw notFound("Option");
      await uniqueName(
        () =>
          db.transaction(async (tx) => {
            await tx.update(attributeOptions).set({ value }).where(eq(attributeOptions.id, id));
            await record(tx, {
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
    async deleteOption(id: number, record: RecordChange) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(attributeOptions).where(eq(attributeOptions.id, id)).returning();
        if (!before) throw notFound("Option");
        await record(tx, {
          action: "attribute_option.delete",
          targetType: "attribute_option",
          targetId: id,
          before: { subcategory_attribute_id: before.subcategory_attribute_id, value: before.value },
        });
      });
    },
  };

  async function checkType(typeId: number) {
    const [type] = await db.select().from(attributeTypes).where(eq(attributeTypes.id, typeId));
    if (!type) throw fieldError("attribute_type_id", M.typeRequired);
  }
}

export type AttributesService = ReturnType<typeof createAttributesService>;
