import { eq } from "drizzle-orm";
import { savedAds } from "../../db/schema/saved-ads.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";

/** What saved ads do when other modules' events happen. */
export function reactToSavedAdsEvents(events: DomainEvents) {
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tx.delete(savedAds).where(eq(savedAds.user_id, userId));
  });
}
