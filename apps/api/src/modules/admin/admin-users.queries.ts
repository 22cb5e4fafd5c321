import { sql, type SQL } from "drizzle-orm";
import type { TAdminUser, TAdminUsersQuery } from "@waterside/shared/admin";
import { imageVariantUrl } from "@waterside/shared/images";
import type { Database, Transaction } from "../../db/database.ts";

type Executor = Database | Transaction;

type AdminUserRow = {
  id: number;
  name: string;
  email: string | null;
  phone_number: string | null;
  bio: string | null;
  profile_image: string | null;
  status_id: number;
  status_name: string;
  usertype_id: number;
  usertype_name: string;
  company_address: string | null;
  company_description: string | null;
  has_company: boolean;
  created_at: Date;
};

const selectAdminUsers = sql`
  select u.id, u.name, u.email, u.phone_number, u.bio, u.profile_image, u.status_id, st.name as status_name,
    u.usertype_id, ut.name as usertype_name, co.address as company_address, co.description as company_description,
    co.id is not null as has_company, u.created_at
  from users u
  join user_statuses st on st.id = u.status_id
  join user_types ut on ut.id = u.usertype_id
  left join companies co on co.user_id = u.id`;

export function toAdminUser(row: AdminUserRow, mediaBaseUrl: string): TAdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    bio: row.bio,
    profile_image_url: row.profile_image ? imageVariantUrl(row.profile_image, "original", mediaBaseUrl) : null,
    status_id: row.status_id,
    status: { id: row.status_id, name: row.status_name },
    usertype_id: row.usertype_id,
    usertype: { id: row.usertype_id, name: row.usertype_name },
    company: row.has_company ? { address: row.company_address, description: row.company_description } : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** A user as the admin tables show them; deleted accounts are not users any more. */
export async function findAdminUser(db: Executor, userId: number) {
  const [row] = await db.execute<AdminUserRow>(
    sql`${selectAdminUsers} where u.id = ${userId} and u.deleted_at is null`,
  );
  return row;
}

/** `%` and `_` typed in the search box are literal characters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The users table's filters, shared by its CSV export. */
export function userConditions(query: TAdminUsersQuery): SQL {
  const conditions: SQL[] = [sql`u.deleted_at is null`];
  if (query.status) conditions.push(sql`u.status_id = ${query.status}`);
  if (query.usertype) conditions.push(sql`u.usertype_id = ${query.usertype}`);
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(sql`(u.name ilike ${pattern} or u.email ilike ${pattern} or u.phone_number ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

export async function findAdminUserPage(db: Database, query: TAdminUsersQuery, limit: number, offset: number) {
  const column = {
    name: sql`lower(u.name)`,
    email: sql`lower(u.email)`,
    phone_number: sql`u.phone_number`,
    created_at: sql`u.created_at`,
  }[query.sort_by ?? "created_at"];
  const direction = (query.sort_order ?? (query.sort_by ? "asc" : "desc")) === "asc" ? sql`asc` : sql`desc`;
  const where = userConditions(query);
  const [rows, [count]] = await Promise.all([
    db.execute<AdminUserRow>(sql`${selectAdminUsers} where ${where}
      order by ${column} ${direction} nulls last, u.id ${direction} limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from users u where ${where}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}
