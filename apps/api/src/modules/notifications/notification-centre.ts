import { QUIET_HOURS, type TNotificationType } from "@waterside/shared/notification-centre";
import { inArray } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";
import { notificationDeliveries, notifications } from "../../db/schema/notifications.ts";
import type { JobMap, JobOrder, Jobs } from "../../lib/jobs.ts";

export type TDeliveryChannel = "push" | "email" | "sms";
export const DELIVERY_CHANNELS: readonly TDeliveryChannel[] = ["push", "email", "sms"];

/** A mail of a notification; `unsubscribeUrl` becomes RFC 8058's one-click List-Unsubscribe. */
export interface NotificationEmail {
  subject: string;
  html: string;
  text: string;
  unsubscribeUrl?: string;
}

export interface NotifyInput {
  userId: number;
  type: TNotificationType;
  title: string;
  body: string;
  /** A path of the web app (/ads/…, /profile?tab=…). */
  url: string;
  imageUrl?: string | null;
  /** What the notification is about, once: 'saved_search:<search>:<window>', 'price_drop:<ad>:<user>:<day>'. */
  dedupeKey: string;
  channels: { push: boolean; email: boolean; sms: boolean };
  /** The mail, when `channels.email`; without it the mail is the title, body and link. */
  email?: NotificationEmail;
  /** Pushes with one tag replace each other on the device (one saved search's alerts collapse). */
  pushTag?: string;
  /** The SMS, when `channels.sms`; without it the SMS is the title and the link. */
  sms?: string;
}

/** Liberia's hours [from, to) in which pushes and SMS wait until `to` (QUIET_HOURS); null: never held. */
export type QuietHours = { from: number; to: number } | null;

/**
 * The queue notify() enqueues its deliveries on, and the quiet hours it holds them through: the app binds its own when
 * it is built (notifications.reactions). A process builds one app; a test that builds another binds that one's, the
 * newest wins.
 */
const bindings: Array<{ jobs: Jobs; quietHours: QuietHours }> = [];
export function bindNotificationCentre(jobs: Jobs, { quietHours = QUIET_HOURS }: { quietHours?: QuietHours } = {}) {
  bindings.push({ jobs, quietHours });
}

const liberiaClock = new Intl.DateTimeFormat("en-GB", {
  timeZone: QUIET_HOURS.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** Liberia's wall clock at `now`, and the zone's offset then (ms; Liberia keeps UTC+0 all year). */
function liberiaTime(now: Date) {
  const parts = liberiaClock.formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const [year, month, day, hour, minute, second] = ["year", "month", "day", "hour", "minute", "second"].map(part) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = Date.UTC(year, month - 1, day, hour, minute, second) - Math.floor(now.getTime() / 1000) * 1000;
  /** The instant of `hour`:00 on this calendar day (plus `days`), Liberia time. */
  const at = (hourOfDay: number, days = 0) => new Date(Date.UTC(year, month - 1, day + days, hourOfDay) - offset);
  return { year, month, day, hour, at };
}

/**
 * When a push or SMS made at `now` may go out: `now`, or the end of the quiet hours (by default 22:00–07:00 Liberia
 * time, so 07:00) when `now` falls in them. Held, never dropped.
 */
export function quietHoursEnd(now: Date, hours: QuietHours = bindings.at(-1)?.quietHours ?? QUIET_HOURS): Date {
  if (!hours) return now;
  const { hour, at } = liberiaTime(now);
  const overnight = hours.from > hours.to;
  const quiet = overnight ? hour >= hours.from || hour < hours.to : hour >= hours.from && hour < hours.to;
  if (!quiet) return now;
  return at(hours.to, hour >= hours.to ? 1 : 0);
}

/** Midnight starting `now`'s day, Liberia time: the one-SMS-a-day rule counts from here. */
export const liberiaDayStart = (now: Date) => liberiaTime(now).at(0);

/** `now`'s calendar day in Liberia, 'yyyy-mm-dd', for dedupe keys such as one price drop per ad a day. */
export function liberiaDay(now: Date) {
  const { year, month, day } = liberiaTime(now);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const isHeld = (channel: TDeliveryChannel) => channel !== "email";

/**
 * Adds a notification to a user's centre, in the caller's transaction, with one delivery per wanted channel (push and
 * SMS held through the quiet hours) and the jobs that send them: all of it commits together or not at all. A
 * `dedupeKey` already used adds nothing: `created` is false and no delivery goes out (decision 081).
 */
export async function notify(
  tx: Transaction,
  input: NotifyInput,
  now: Date = new Date(),
): Promise<{ id: number; created: boolean }> {
  const [result] = await notifyAll(tx, [input], now);
  return result!;
}

/**
 * notify() for many notifications at once (a batch of saved-search alerts): the same rows and jobs, written by three
 * statements whatever their number. Results are in the inputs' order; their dedupe keys must differ.
 */
export async function notifyAll(
  tx: Transaction,
  inputs: NotifyInput[],
  now: Date = new Date(),
): Promise<Array<{ id: number; created: boolean }>> {
  const binding = bindings.at(-1);
  if (!binding) throw new Error("The notification centre has no job queue: build the app first");
  const { jobs, quietHours } = binding;
  if (inputs.length === 0) return [];
  const inserted = await tx
    .insert(notifications)
    .values(
      inputs.map((input) => ({
        user_id: input.userId,
        type: input.type,
        title: input.title,
        body: input.body,
        url: input.url,
        image_url: input.imageUrl ?? null,
        dedupe_key: input.dedupeKey,
        created_at: now,
      })),
    )
    .onConflictDoNothing({ target: notifications.dedupe_key })
    .returning({ id: notifications.id, dedupe_key: notifications.dedupe_key });
  const created = new Map(inserted.map((row) => [row.dedupe_key, row.id]));
  const taken = inputs.filter((input) => !created.has(input.dedupeKey)).map((input) => input.dedupeKey);
  // The insert waited for any transaction writing the same keys, so their rows are there to read now.
  const existing = taken.length
    ? new Map(
        (
          await tx
            .select({ id: notifications.id, dedupe_key: notifications.dedupe_key })
            .from(notifications)
            .where(inArray(notifications.dedupe_key, taken))
        ).map((row) => [row.dedupe_key, row.id]),
      )
    : new Map<string, number>();

  const held = quietHoursEnd(now, quietHours);
  const notBefore = (channel: TDeliveryChannel) => (isHeld(channel) ? held : now);
  const deliveries: Array<typeof notificationDeliveries.$inferInsert> = [];
  const deliverJobs: JobOrder[] = [];
  for (const input of inputs) {
    const id = created.get(input.dedupeKey);
    if (id === undefined) continue;
    const wanted = DELIVERY_CHANNELS.filter((channel) => input.channels[channel]);
    for (const channel of wanted) deliveries.push({ notification_id: id, channel, not_before: notBefore(channel) });
    const common: Omit<JobMap["notifications.deliver"], "channels" | "announce"> = {
      notificationId: id,
      userId: input.userId,
      ...(input.pushTag && { pushTag: input.pushTag }),
    };
    const dueNow = wanted.filter((channel) => notBefore(channel) <= now);
    const later = wanted.filter((channel) => notBefore(channel) > now);
    // The first job also tells the user's sockets of the new unread count, once the notification has committed.
    deliverJobs.push({
      name: "notifications.deliver",
      data: {
        ...common,
        channels: dueNow,
        announce: true,
        ...(dueNow.includes("email") && input.email && { email: input.email }),
        ...(dueNow.includes("sms") && input.sms && { sms: input.sms }),
      },
    });
    if (later.length > 0) {
      deliverJobs.push({
        name: "notifications.deliver",
        data: {
          ...common,
          channels: later,
          announce: false,
          ...(later.includes("sms") && input.sms && { sms: input.sms }),
        },
        startAfter: held,
      });
    }
  }
  if (deliveries.length > 0) await tx.insert(notificationDeliveries).values(deliveries);
  await jobs.sendMany(deliverJobs, { tx });
  return inputs.map((input) => {
    const id = created.get(input.dedupeKey);
    return id === undefined ? { id: existing.get(input.dedupeKey) ?? 0, created: false } : { id, created: true };
  });
}
