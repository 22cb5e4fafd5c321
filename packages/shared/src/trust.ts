import { z } from "zod";

/**
 * What a buyer may trust about a seller (issue 27), on `GET /users/{id}` and the ad page's `user`. The response
 * figures cover the last 90 days of chats others opened with the seller; they are null until the seller has had
 * TRUST_MIN_CHATS such chats, so a single quick answer does not make a badge.
 */
export const ZTrust = z.object({
  phone_verified: z.boolean(),
  /** Share (0..1) of conversations answered within 24 hours; null below the minimum. */
  response_rate: z.number().min(0).max(1).nullable(),
  /** Median minutes to the first answer; null below the minimum. */
  response_time_minutes: z.number().int().nullable(),
  /** When the account was created (ISO 8601). */
  member_since: z.string(),
  active_ads_count: z.number().int(),
  /**
   * Stars from the other parties of the user's completed deals (issue 33: "4.7 ★ from 23 deals"): every review is of a
   * verified deal. `average` is null without reviews.
   */
  deal_rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type TTrust = z.infer<typeof ZTrust>;

/** Chats others opened in the last 90 days before response figures are shown (decision 070). */
export const TRUST_MIN_CHATS = 3;

/** The window response figures cover. */
export const TRUST_WINDOW_DAYS = 90;

/**
 * "Usually replies within an hour" and its kin, from the median minutes to a first answer; null when the figures are
 * not there yet.
 */
export function usualReplyTime(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return "Usually replies within an hour";
  if (minutes <= 3 * 60) return "Usually replies within a few hours";
  if (minutes <= 24 * 60) return "Usually replies within a day";
  return "Usually replies in more than a day";
}

/** A buyer reveals an ad's phone number (issue 27): `POST /ads/{id}/phone`. */
export const ZRevealedPhone = z.object({ phone_number: z.string() });
export type TRevealedPhone = z.infer<typeof ZRevealedPhone>;

/** How many phone numbers one buyer may reveal per day. */
export const PHONE_REVEALS_PER_DAY = 20;

/** The seller's choice (issue 27): `PUT /user/phone-reveal` {phone_revealable}; the own user carries it. */
export const ZPhoneRevealChoice = z.object({ phone_revealable: z.boolean() });
export type TPhoneRevealChoice = z.infer<typeof ZPhoneRevealChoice>;

export const TRUST_MESSAGES = {
  revealNeedsVerifiedPhone: "Verify your phone number to see sellers' numbers.",
  sellerPrefersChat: "This seller prefers to chat first. Send a message instead.",
  noPhoneNumber: "This seller has not shared a phone number. Use Chat to reach them.",
  revealsCapped: `You have seen ${PHONE_REVEALS_PER_DAY} phone numbers today. Use Chat, or try again tomorrow.`,
  phoneRevealSaved: "Your contact preference is saved.",
} as const;
