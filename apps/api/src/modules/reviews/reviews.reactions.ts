import { eq } from "drizzle-orm";
import { ratings } from "../../db/schema/reviews.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import { removeUserPosts } from "./reviews.queries.ts";

/** What ratings and reviews do when other modules' events happen. */
export function reactToReviewsEvents(events: DomainEvents) {
  // A deleted account's stars leave the ads' averages, and what it wrote or liked goes (decision 019).
  events.onWrite("user.deleted", async ({ userId }, tx, _afterCommit, publish) => {
    const removed = await tx.delete(ratings).where(eq(ratings.user_id, userId)).returning({ adId: ratings.ad_id });
    if (removed.length) await publish("ratings.changed", { adIds: removed.map((row) => row.adId) });
    await removeUserPosts(tx, userId);
  });
}
