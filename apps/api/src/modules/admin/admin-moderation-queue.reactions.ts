import { and, eq, isNotNull } from "drizzle-orm";
import { moderationQueueAds } from "../../db/schema/admin.ts";
import type { DomainEvents, Transaction } from "../../lib/domain-events.ts";

const unmark = (tx: Transaction, adId: number) =>
  tx
    .update(moderationQueueAds)
    .set({ reviewed_by: null, reviewed_at: null })
    .where(and(eq(moderationQueueAds.ad_id, adId), isNotNull(moderationQueueAds.reviewed_at)));

/** What the moderation queue's marks do when other modules' events happen (decision 052). */
export function reactToModerationQueueEvents(events: DomainEvents) {
  // Every posted ad enters the queue unreviewed, in its posting transaction, so the queue never misses one.
  events.onWrite("ad.created", async ({ adId }, tx) => {
    await tx.insert(moderationQueueAds).values({ ad_id: adId });
  });

  // An owner's edit can change anything an admin looked at (words, pictures, price, category): the ad is back in
  // the queue, in the edit's transaction.
  events.onWrite("ad.edited", async ({ adId }, tx) => {
    await unmark(tx, adId);
  });

  // Enough reports to take an ad offline ask for another look, even at an ad reviewed before (decision 043).
  events.onWrite("ad.reported-by-many", async ({ adId }, tx) => {
    await unmark(tx, adId);
  });
}
