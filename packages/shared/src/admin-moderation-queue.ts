/** The admin moderation queue (issue 16, decision 052): newest ads first, each with its "reviewed" mark. */
import { z } from "zod";
import { ADMIN_PAGE_MAX } from "./admin-messages.ts";
import {
  MODERATION_QUEUE_FLAGGED,
  MODERATION_QUEUE_MESSAGES,
  MODERATION_QUEUE_REVIEWED,
} from "./admin-moderation-queue-messages.ts";
import { ZAdFlag } from "./ad-screening.ts";
import { ZAdListItem } from "./ads.ts";
import { zId, zPage } from "./ids.ts";

/**
 * GET /admin/moderation-queue: page, per_page (30, at most 100), reviewed (no by default), flagged (all by default;
 * yes: only ads the posting checks flagged, issue 28).
 */
export const ZModerationQueueQuery = z.object({
  page: zPage().optional(),
  per_page: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).optional(),
  reviewed: z.enum(MODERATION_QUEUE_REVIEWED, { message: MODERATION_QUEUE_MESSAGES.reviewedInvalid }).default("no"),
  flagged: z.enum(MODERATION_QUEUE_FLAGGED, { message: MODERATION_QUEUE_MESSAGES.flaggedInvalid }).default("all"),
});
export type TModerationQueueQuery = z.output<typeof ZModerationQueueQuery>;

/** An ad as the admin ads table lists it, with its mark (null when not reviewed) and its open reports. */
export const ZModerationQueueItem = ZAdListItem.extend({
  reviewed_at: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Reports not Resolved yet (Unresolved or Under Review). */
  open_reports_count: z.number().int(),
  /** Why the posting checks want an admin to look (issue 28), oldest first; empty for most ads. */
  flags: z.array(ZAdFlag),
});
export type TModerationQueueItem = z.infer<typeof ZModerationQueueItem>;

/** POST and DELETE /admin/moderation-queue/{ad_id}/reviewed. */
export const ZModerationQueueAdParams = z.object({ ad_id: zId() });
