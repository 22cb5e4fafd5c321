import { eq } from "drizzle-orm";
import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import type { TModerationQueueItem, TModerationQueueQuery } from "@waterside/shared/admin-moderation-queue";
import { MODERATION_QUEUE_MESSAGES } from "@waterside/shared/admin-moderation-queue-messages";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { Database } from "../../db/database.ts";
import { moderationQueueAds } from "../../db/schema/admin.ts";
import { notFound } from "../../plugins/errors.ts";
import { loadAdFlags } from "../ad-screening/ad-flags.ts";
import { loadAdListItems } from "../ads/ad-list-items.ts";
import { recordAdminAction } from "./admin-audit.ts";
import { countQueue, findHeldAdIds, findNewestAdIds, findQueueMarks } from "./admin-moderation-queue.queries.ts";
import { toPage } from "../../lib/paging.ts";

/**
 * The moderation queue (issue 16, decision 052): every ad, newest first, with its "reviewed" mark, so admins walk
 * what is new since they last looked; ads held by reports (Pending with an open report, decision 043) come first.
 */
export function createModerationQueueService({ db, mediaBaseUrl }: { db: Database; mediaBaseUrl: string }) {
  /** The ads as the admin ads table lists them, in the given order, with their marks, open reports and flags. */
  async function loadItems(adIds: number[]): Promise<TModerationQueueItem[]> {
    const [items, marks, flags] = await Promise.all([
      loadAdListItems(db, adIds, mediaBaseUrl),
      findQueueMarks(db, adIds),
      loadAdFlags(db, adIds),
    ]);
    const byAd = new Map(marks.map((mark) => [mark.ad_id, mark]));
    return items.map((item) => {
      const mark = byAd.get(item.id);
      return {
        ...item,
        reviewed_at: mark?.reviewed_at ? new Date(mark.reviewed_at).toISOString() : null,
        reviewed_by: mark?.reviewed_by ?? null,
        open_reports_count: mark?.open_reports_count ?? 0,
        flags: flags.get(item.id) ?? [],
      };
    });
  }

  async function loadItem(adId: number) {
    const [item] = await loadItems([adId]);
    if (!item) throw notFound("Ad");
    return item;
  }

  return {
    /**
     * One page: the held ads first, then the others. Both parts are read newest first, the second starting where
     * the first ends, so a page may take the last held ads and the first others.
     */
    async listQueue(query: TModerationQueueQuery, path: string): Promise<TPaged<TModerationQueueItem>> {
      const page = query.page ?? 1;
      const perPage = query.per_page ?? ADMIN_TABLE_PAGE;
      const offset = (page - 1) * perPage;
      const filter = { reviewed: query.reviewed, flagged: query.flagged };
      const { total, held } = await countQueue(db, filter);
      const heldIds = offset < held ? await findHeldAdIds(db, filter, perPage, offset) : [];
      const rest = perPage - heldIds.length;
      const newestIds = rest > 0 ? await findNewestAdIds(db, filter, rest, Math.max(0, offset - held)) : [];
      const items = await loadItems([...heldIds, ...newestIds]);
      // Page links name `flagged` only when it narrows the list, as before issue 28.
      const { flagged, ...unflagged } = query;
      return toPage(items, total, page, perPage, { path, query: flagged === "all" ? unflagged : query });
    },

    /**
     * Marks an ad reviewed, with its audit row in the same transaction. A second mark keeps the first reviewer and
     * time and records nothing (a write that changes nothing, decision 049).
     */
    async markReviewed(adminId: number, adId: number) {
      const marked = await db.transaction(async (tx) => {
        const [entry] = await tx
          .select()
          .from(moderationQueueAds)
          .where(eq(moderationQueueAds.ad_id, adId))
          .for("update");
        if (!entry) throw notFound("Ad");
        if (entry.reviewed_at) return false;
        const reviewedAt = new Date();
        await tx
          .update(moderationQueueAds)
          .set({ reviewed_by: adminId, reviewed_at: reviewedAt })
          .where(eq(moderationQueueAds.ad_id, adId));
        await recordAdminAction(tx, {
          adminId,
          action: "ad.mark_reviewed",
          targetType: "ad",
          targetId: adId,
          after: { reviewed_by: adminId, reviewed_at: reviewedAt.toISOString() },
        });
        return true;
      });
      return {
        item: await loadItem(adId),
        message: marked ? MODERATION_QUEUE_MESSAGES.marked : MODERATION_QUEUE_MESSAGES.alreadyMarked,
      };
    },

    /** Takes the mark off: the ad is back in the queue. The record keeps who had marked it and when. */
    async unmarkReviewed(adminId: number, adId: number) {
      const unmarked = await db.transaction(async (tx) => {
        const [entry] = await tx
          .select()
          .from(moderationQueueAds)
          .where(eq(moderationQueueAds.ad_id, adId))
          .for("update");
        if (!entry) throw notFound("Ad");
        if (!entry.reviewed_at) return false;
        await tx
          .update(moderationQueueAds)
          .set({ reviewed_by: null, reviewed_at: null })
          .where(eq(moderationQueueAds.ad_id, adId));
        await recordAdminAction(tx, {
          adminId,
          action: "ad.unmark_reviewed",
          targetType: "ad",
          targetId: adId,
          before: { reviewed_by: entry.reviewed_by, reviewed_at: entry.reviewed_at.toISOString() },
        });
        return true;
      });
      return {
        item: await loadItem(adId),
        message: unmarked ? MODERATION_QUEUE_MESSAGES.unmarked : MODERATION_QUEUE_MESSAGES.notMarked,
      };
    },
  };
}

export type ModerationQueueService = ReturnType<typeof createModerationQueueService>;
