import { z } from "zod";
import { paged } from "./api-envelope.ts";
import { zId, zPage } from "./ids.ts";

/**
 * The notification centre (issue 29, decision 081): the bell, the notifications page, and what other modules add to
 * them. Types other issues add join this list.
 */
export const NOTIFICATION_TYPES = [
  "saved_search",
  "price_drop",
  "search_downgraded",
  "expiry_reminder",
  "ad_sold",
  "deal",
] as const;
export type TNotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Push and SMS wait through these hours, Liberia time (UTC+0 all year): queued, never dropped. */
export const QUIET_HOURS = { from: 22, to: 7, timeZone: "Africa/Monrovia" } as const;

export const NOTIFICATION_CENTRE_MESSAGES = {
  readIdsOrAll: "Give the ids to mark read, or all: true.",
  marked: "Marked as read.",
} as const;

/** GET /notifications?page */
export const ZNotificationsQuery = z.object({ page: zPage().optional() });

export const ZNotification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  body: z.string(),
  url: z.string(),
  image_url: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** GET /notifications: a page of the spec's paged shape, newest first, with the user's unread count beside. */
export const ZNotificationsPage = paged(ZNotification).extend({ unread_count: z.number().int() });
export type TNotificationsPage = z.infer<typeof ZNotificationsPage>;

/**
 * POST /notifications/read: {ids} or {all: true}. One object with both optional (not a union), so a bad id is refused
 * naming its field (`ids.0`), as every id field is.
 */
export const ZNotificationsRead = z
  .object({ ids: z.array(zId()).min(1).max(100).optional(), all: z.literal(true).optional() })
  .strict()
  .refine((body) => (body.ids === undefined) !== (body.all === undefined), {
    message: NOTIFICATION_CENTRE_MESSAGES.readIdsOrAll,
  });
export type TNotificationsRead = { ids: number[] } | { all: true };

/** What the /messages socket sends a user when their unread count changes, so the bell follows without reload. */
export const NOTIFICATIONS_CHANGED_EVENT = "notifications-changed";
export const ZNotificationsChanged = z.object({ unread_count: z.number().int() });
export interface TNotificationsChanged {
  unread_count: number;
}
