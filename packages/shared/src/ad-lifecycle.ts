import { z } from "zod";
import { zId } from "./ids.ts";

/**
 * The life of an ad (issue 28). An ad lives its category's `expiry_days` (1–365, default 30) from posting, then
 * expires; its owner may renew it in the last RENEW_WINDOW_DAYS or after expiry, mark it sold, or repost it.
 */
export const DEFAULT_EXPIRY_DAYS = 30;
export const EXPIRY_DAYS_MIN = 1;
export const EXPIRY_DAYS_MAX = 365;
/** The reminder goes out this many days before expiry. */
export const EXPIRY_REMINDER_DAYS = 3;
/** Renewing is allowed within this many days of expiry, or after it. */
export const RENEW_WINDOW_DAYS = 7;
/** A sold ad's page stays readable this long after it was marked sold. */
export const SOLD_PAGE_DAYS = 30;

export const AD_LIFECYCLE_MESSAGES = {
  renewed: "Your ad is renewed.",
  renewTooEarly: `You can renew an ad in its last ${RENEW_WINDOW_DAYS} days, or once it has expired.`,
  renewNotAllowed: "Only an active or expired ad can be renewed.",
  markedSold: "Your ad is marked as sold.",
  soldNotAllowed: "Only an active or expired ad can be marked as sold.",
  buyerNotInChat: "The buyer must be someone who chatted with you about this ad.",
  reposted: "Your ad is posted again as a new ad.",
  repostNotAllowed: "Only an expired or sold ad can be reposted.",
  expiryDaysRange: `Expiry must be between ${EXPIRY_DAYS_MIN} and ${EXPIRY_DAYS_MAX} days.`,
} as const;

/** The expiry reminder (issue 28) as push, mail and SMS say it; `days` is daysLeft(expires_at). */
export const EXPIRY_REMINDER_TEXT = {
  title: (days: number) => `Your ad expires in ${days} day${days === 1 ? "" : "s"}`,
  body: (adTitle: string) => `"${adTitle}" leaves the site when it expires. Renew it from My Ads to keep it listed.`,
  sms: (adTitle: string, days: number, url: string) =>
    `Your ad "${adTitle}" expires in ${days} day${days === 1 ? "" : "s"}. Renew it: ${url}`,
} as const;

/** `POST /ads/{id}/renew` → 200 `{ data: { expires_at }, message }`; 409 renewTooEarly before the window. */
export const ZRenewed = z.object({ expires_at: z.string() });
export type TRenewed = z.infer<typeof ZRenewed>;

/** `POST /ads/{id}/sold` {buyer_user_id?} → 200 `{ data: the ad as My Ads lists it, message }`. */
export const ZMarkSold = z.object({ buyer_user_id: zId("The buyer id must be a number.").optional() });
export type TMarkSold = z.infer<typeof ZMarkSold>;

/** A category's expiry as admins set it (POST /admin/categories and its update, additive). */
export const ZExpiryDays = z.coerce
  .number({ message: AD_LIFECYCLE_MESSAGES.expiryDaysRange })
  .int(AD_LIFECYCLE_MESSAGES.expiryDaysRange)
  .min(EXPIRY_DAYS_MIN, AD_LIFECYCLE_MESSAGES.expiryDaysRange)
  .max(EXPIRY_DAYS_MAX, AD_LIFECYCLE_MESSAGES.expiryDaysRange);

/** Whole days from `now` until `expiresAt`, never below 0: "3 days left". */
export function daysLeft(expiresAt: string | Date, now = new Date()) {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  return Math.max(0, Math.ceil(ms / 86_400_000));
}
