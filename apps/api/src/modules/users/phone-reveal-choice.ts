import { eq } from "drizzle-orm";
import type { TUser } from "@waterside/shared/users";
import type { Database } from "../../db/database.ts";
import { users } from "../../db/schema/users.ts";
import { HttpError } from "../../plugins/errors.ts";
import { loadUserResource } from "./user-resource.ts";

/** The seller's choice (issue 27): buyers may reveal their phone number, or must chat first (decision 072). */
export function createPhoneRevealChoice(db: Database, mediaBaseUrl: string) {
  return {
    async set(userId: number, phoneRevealable: boolean): Promise<TUser> {
      await db.update(users).set({ phone_revealable: phoneRevealable }).where(eq(users.id, userId));
      const user = await loadUserResource(db, userId, mediaBaseUrl);
      if (!user) throw new HttpError(401, "Please log in to continue.");
      return user;
    },
  };
}

export type PhoneRevealChoice = ReturnType<typeof createPhoneRevealChoice>;
