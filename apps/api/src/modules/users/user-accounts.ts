import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { companies, users } from "../../db/schema/users.ts";

/** A database or a transaction: the writes below run in the caller's transaction when it has one. */
type Writer = Pick<Database, "insert" | "update">;

/** A provider's column on `users` (decision 018). */
export type ProviderColumn = "google_id" | "facebook_id" | "apple_id";

/**
 * A new account, from registration or a first social sign-in, with its company for a business (spec §1). A taken
 * email throws the unique violation `users_email_lower_unique`, which the caller turns into its 422.
 */
export async function createAccount(
  db: Writer,
  user: typeof users.$inferInsert,
  company?: Omit<typeof companies.$inferInsert, "user_id">,
) {
  const [row] = await db.insert(users).values(user).returning({ id: users.id, status_id: users.status_id });
  if (company) await db.insert(companies).values({ ...company, user_id: row!.id });
  return row!;
}

/** Links an account to a provider's id (a social sign-in with the account's verified email, decision 018). */
export async function linkProvider(db: Writer, userId: number, column: ProviderColumn, providerId: string) {
  await db
    .update(users)
    .set({ [column]: providerId, updated_at: new Date() })
    .where(eq(users.id, userId));
}

/** A new password's hash (a reset by code, decision 017); signing the old sessions out is the caller's. */
export async function setPasswordHash(db: Writer, userId: number, passwordHash: string, at = new Date()) {
  await db.update(users).set({ password_hash: passwordHash, updated_at: at }).where(eq(users.id, userId));
}

/**
 * Marks `phoneNumber` (E.164) as proved by this account, and makes it the account's phone number. Another account
 * holding it throws the unique violation `users_verified_phone_number_unique`, which the caller turns into its 409.
 */
export async function setVerifiedPhone(db: Writer, userId: number, phoneNumber: string, at = new Date()) {
  await db
    .update(users)
    .set({ verified_phone_number: phoneNumber, phone_number: phoneNumber, updated_at: at })
    .where(eq(users.id, userId));
}
