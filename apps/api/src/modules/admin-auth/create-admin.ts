import { hash } from "@node-rs/argon2";
import type { Database } from "../../db/database.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { emailEquals } from "../../db/schema/users.ts";

/** Creates an admin unless one with this email exists. Returns whether it was created. */
export async function ensureAdmin(
  db: Database,
  { email, password, name }: { email: string; password: string; name: string },
) {
  const [existing] = await db.select({ id: admins.id }).from(admins).where(emailEquals(admins.email, email));
  if (existing) return false;
  await db.insert(admins).values({ email, name, password_hash: await hash(password) });
  return true;
}
