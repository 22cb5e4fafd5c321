/**
 * The admin moderation queue (issue 16, decision 052): which ads it shows and its messages, without zod, for the
 * queue's light parts.
 */

/** `reviewed`: ads not reviewed yet (the queue itself, the default), reviewed ones, or every ad. */
export const MODERATION_QUEUE_REVIEWED = ["no", "yes", "all"] as const;
export type TModerationQueueReviewed = (typeof MODERATION_QUEUE_REVIEWED)[number];

/** `flagged` (issue 28): every ad (the default), or only ads the posting checks flagged. */
export const MODERATION_QUEUE_FLAGGED = ["all", "yes"] as const;
export type TModerationQueueFlagged = (typeof MODERATION_QUEUE_FLAGGED)[number];

export const MODERATION_QUEUE_MESSAGES = {
  flaggedInvalid: "Choose which ads to show: all, or yes (flagged by the posting checks).",
  reviewedInvalid: "Choose which ads to show: no (not reviewed yet), yes (reviewed) or all.",
  marked: "Marked as reviewed.",
  alreadyMarked: "This ad is already marked as reviewed.",
  unmarked: "The ad is back in the moderation queue.",
  notMarked: "This ad is not marked as reviewed.",
} as const;
