import { eq } from "drizzle-orm";
import { ratings } from "../../db/schema/reviews.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";

/** What ratings and reviews do when other modules' events happen. */
export function reactToReviewsEvents(events: DomainEvents) {
  // A deleted account's stars leave the ads' averages (decision 019).
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tx.delete(ratings).where(eq(ratings.user_id, userId));
  });
}
