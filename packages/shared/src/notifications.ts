import { z } from "zod";
import { NOTIFICATION_MESSAGES } from "./notifications-messages.ts";

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it. Push services speak https only; which hosts are
 * accepted is the server's policy (docs/decisions/058-outgoing-requests.md).
 */
export const ZPushSubscription = z.object({
  endpoint: z.url({ protocol: /^https$/, message: NOTIFICATION_MESSAGES.endpointNotHttps }).max(1000),
  keys: z.object({ p256dh: z.string().min(20).max(200), auth: z.string().min(8).max(100) }),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

export const ZPushUnsubscribe = z.object({ endpoint: z.string().max(1000) });

/** Which channels tell the user of a chat message while they are away (profile settings). */
export const ZNotificationSettings = z.object({ push: z.boolean(), email: z.boolean() });
export type TNotificationSettings = z.infer<typeof ZNotificationSettings>;
export const ZNotificationSettingsUpdate = ZNotificationSettings.partial();

/** What a push carries to the service worker: it shows the notification and opens `url` on a tap. */
export interface TPushPayload {
  title: string;
  body: string;
  url: string;
  /** Notifications with one tag replace each other on the device: one per chat. */
  tag: string;
}
