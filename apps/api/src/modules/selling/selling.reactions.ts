import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, eq, inArray } from "drizzle-orm";
import { adImages, ads } from "../../db/schema/ads.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { adImageFiles } from "../../lib/images.ts";
import type { Storage } from "../../lib/storage.ts";
import { removeFiles } from "../../lib/stored-files.ts";
import type { AdLifecycle } from "./ad-lifecycle.service.ts";

/** What a seller's ads do when other modules' events happen. */
export function reactToSellingEvents(events: DomainEvents, storage: Storage) {
  // A deleted account's ads leave every list at once; their photos are erased (decision 019).
  events.onWrite("user.deleted", async ({ userId }, tx, afterCommit) => {
    const owned = tx.select({ id: ads.id }).from(ads).where(eq(ads.user_id, userId));
    const removed = await tx.delete(adImages).where(inArray(adImages.ad_id, owned)).returning({ path: adImages.path });
    await tx.update(ads).set({ status_id: AD_STATUS.hidden, updated_at: new Date() }).where(eq(ads.user_id, userId));
    afterCommit(async () => {
      await removeFiles(
        storage,
        removed.flatMap((row) => adImageFiles(row.path)),
      );
    });
  });

  // A banned seller's active ads leave every list; their owner still sees them (decision 050).
  events.onWrite("user.banned", async ({ userId }, tx) => {
    await tx
      .update(ads)
      .set({ status_id: AD_STATUS.hidden, updated_at: new Date() })
      .where(and(eq(ads.user_id, userId), eq(ads.status_id, AD_STATUS.active)));
  });

  // Reactivation shows again the ads the ban hid, those still hidden: an ad an admin hid on its own stays hidden.
  events.onWrite("user.reactivated", async ({ userId, adIds }, tx) => {
    if (adIds.length === 0) return;
    await tx
      .update(ads)
      .set({ status_id: AD_STATUS.active, updated_at: new Date() })
      .where(and(inArray(ads.id, adIds), eq(ads.user_id, userId), eq(ads.status_id, AD_STATUS.hidden)));
  });

  // Enough distinct reports take an active ad out of public lists until an admin reviews it; its seller still
  // sees it in My Ads and on its page (decision 043). An ad already hidden stays hidden.
  events.onWrite("ad.reported-by-many", async ({ adId }, tx) => {
    await tx
      .update(ads)
      .set({ status_id: AD_STATUS.pending, updated_at: new Date() })
      .where(and(eq(ads.id, adId), eq(ads.status_id, AD_STATUS.active)));
  });
}

/**
 * The life of an ad on the job queue (issue 28, decision 075): expiry every five minutes and reminders every hour.
 * Both are safe to run twice or in two processes at once (see ad-lifecycle.queries.ts); "singleton" only saves work.
 */
export function scheduleAdLifecycleJobs(jobs: Jobs, lifecycle: AdLifecycle) {
  // Expiries: a crashed run holds the queue back at most its expiry and a maintenance round (decision 096).
  jobs.work("selling.expire-ads", async () => void (await lifecycle.expireDue()), {
    policy: "singleton",
    expireInSeconds: 120,
  });
  jobs.schedule("selling.expire-ads", "*/5 * * * *", {});
  jobs.work("selling.expiry-reminders", async () => void (await lifecycle.remindDue()), {
    policy: "singleton",
    expireInSeconds: 120,
  });
  jobs.schedule("selling.expiry-reminders", "23 * * * *", {});
}
