import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database | Transaction, "execute">;

/** Whether a subcategory already links an attribute of this name, in any letter case. */
export async function attributeNameTakenIn(db: Reader, subcategoryId: number, name: string, exceptAttributeId = 0) {
  const rows = await db.execute(sql`
    select 1 from subcategory_attributes sa join attributes a on a.id = sa.attribute_id
    where sa.subcategory_id = ${subcategoryId} and lower(a.name) = lower(${name}) and a.id <> ${exceptAttributeId}
    limit 1`);
  return rows.length > 0;
}

export interface LinkRow {
  id: number;
  subcategory_id: number;
  attribute_id: number;
  has_options: boolean;
  is_required: boolean;
  is_restricted: boolean;
  active: boolean;
  name: string;
  attribute_type_id: number;
  type_name: string;
}

export async function selectLinks(db: Reader, where: { id?: number; subcategoryId?: number }) {
  const filter =
    where.id !== undefined ? sql`sa.id = ${where.id}` : sql`sa.subcategory_id = ${where.subcategoryId ?? 0}`;
  const links = [
    ...(await db.execute<LinkRow & Record<string, unknown>>(sql`
      select sa.id, sa.subcategory_id, sa.attribute_id, sa.has_options, sa.is_required, sa.is_restricted, sa.active,
        a.name, a.attribute_type_id, t.name as type_name
      from subcategory_attributes sa
      join attributes a on a.id = sa.attribute_id
      join attribute_types t on t.id = a.attribute_type_id
      where ${filter}
      order by sa.position, sa.id`)),
  ];
  const ids = links.map((link) => link.id);
  const options = ids.length
    ? [
        ...(await db.execute<{ id: number; value: string; subcategory_attribute_id: number }>(sql`
          select id, value, subcategory_attribute_id from attribute_options
          where subcategory_attribute_id in ${ids} order by position, id`)),
      ]
    : [];
  return links.map((link) => ({
    id: link.id,
    subcategory_id: link.subcategory_id,
    attribute_id: link.attribute_id,
    has_options: link.has_options,
    is_required: link.is_required,
    is_restricted: link.is_restricted,
    active: link.active,
    attribute: {
      id: link.attribute_id,
      name: link.name,
      attribute_type_id: link.attribute_type_id,
      attribute_type: { name: link.type_name },
    },
    options: options
      .filter((option) => option.subcategory_attribute_id === link.id)
      .map(({ id, value }) => ({ id, value })),
  }));
}

/** Whether any ad carries a value for this subcategory attribute. */
export async function linkInUse(db: Reader, linkId: number) {
  const rows = await db.execute(
    sql`select 1 from ad_attribute_values where subcategory_attribute_id = ${linkId} limit 1`,
  );
  return rows.length > 0;
}

/** Inserts options after the link's last one, skipping values it already has (any letter case kept as sent). */
export async function insertOptions(tx: Reader, linkId: number, values: string[]) {
  const [last] = await tx.execute<{ max: number }>(sql`
    select coalesce(max(position), 0)::int as max from attribute_options where subcategory_attribute_id = ${linkId}`);
  let position = last?.max ?? 0;
  const inserted: Array<{ id: number; value: string }> = [];
  for (const value of values) {
    const rows = await tx.execute<{ id: number; value: string }>(sql`
      insert into attribute_options (subcategory_attribute_id, value, position) values (${linkId}, ${value}, ${++position})
      on conflict (subcategory_attribute_id, value) do nothing
      returning id, value`);
    inserted.push(...rows);
  }
  return inserted;
}
