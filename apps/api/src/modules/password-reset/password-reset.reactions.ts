import { eq } from "drizzle-orm";
import { passwordResetCodes } from "../../db/schema/password-reset.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";

/** What password reset does when other modules' events happen. */
export function reactToPasswordResetEvents(events: DomainEvents) {
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tx.delete(passwordResetCodes).where(eq(passwordResetCodes.user_id, userId));
  });
}
