/**
 * Safe deals (issue 33, decision 103): a buyer's mobile money held until the item is in hand, and reviews of users
 * only from proven deals. Limits, states and words, without zod: the web's light parts import this.
 */
import { DEAL_NOTICE_PREFIX } from "./chat-messages.ts";
import { CURRENCY_SYMBOLS, type TCurrency } from "./money.ts";

/**
 * A deal's states. `awaiting_payment` → `held` (money received) → `released` (the seller is paid) | `refunded` (the
 * buyer is paid back) | `disputed` → `released` | `refunded`; `cancelled` before payment. A cash deal (no money
 * through us) is `awaiting_confirmation` until the buyer gives the seller's code, then `released`.
 */
export const DEAL_STATUSES = [
  "awaiting_payment",
  "awaiting_confirmation",
  "held",
  "disputed",
  "released",
  "refunded",
  "cancelled",
] as const;
export type TDealStatus = (typeof DEAL_STATUSES)[number];

/** `safe`: the buyer's money held by us; `cash`: paid in hand, proven by the code the seller shows the buyer. */
export const DEAL_KINDS = ["safe", "cash"] as const;
export type TDealKind = (typeof DEAL_KINDS)[number];

/** What the Deals tab filters by: who the user is in the deal. */
export const DEAL_ROLES = ["buyer", "seller"] as const;
export type TDealRole = (typeof DEAL_ROLES)[number];

/**
 * Per deal and per buyer per day (Liberia's day), in US$ or its L$ value at the rate in force: an operator holding
 * more needs a payment-service licence (decision 103).
 */
export const DEAL_MAX_USD = 500;
export const DEAL_DAILY_MAX_USD = 500;
export const DEAL_MIN_USD = 1;
/** The fee kept from the seller's payout, in per cent of the amount (rounded to the cent); a refund keeps none. */
export const DEAL_FEE_PERCENT = 3;
/** After the seller marks the item handed over, the deal releases itself unless the buyer disputes within this. */
export const DEAL_AUTO_RELEASE_HOURS = 72;
/** Wrong release codes a deal takes before code entry pauses for DEAL_CODE_LOCK_MINUTES. */
export const DEAL_CODE_ATTEMPTS = 5;
export const DEAL_CODE_LOCK_MINUTES = 15;
export const DEAL_CODE_LENGTH = 6;
export const DEAL_DISPUTE_REASONS = ["not_received", "not_as_described", "seller_unreachable", "other"] as const;
export type TDealDisputeReason = (typeof DEAL_DISPUTE_REASONS)[number];
export const DEAL_DISPUTE_DETAILS_MAX = 2000;
export const DEAL_REVIEW_MAX = 1000;
export const DEALS_PAGE = 20;

export const DEAL_STATUS_TEXT: Record<TDealStatus, string> = {
  awaiting_payment: "Waiting for payment",
  awaiting_confirmation: "Waiting for the buyer's code",
  held: "Paid, held",
  disputed: "Disputed",
  released: "Released to the seller",
  refunded: "Refunded to the buyer",
  cancelled: "Cancelled",
};

export const DEAL_DISPUTE_REASON_TEXT: Record<TDealDisputeReason, string> = {
  not_received: "I did not get the item",
  not_as_described: "The item is not as described",
  seller_unreachable: "The other party does not answer",
  other: "Something else",
};

export const DEAL_MESSAGES = {
  unavailable: "Safe deals are not available right now.",
  ownAd: "You cannot buy your own item.",
  adNotActive: "This item is no longer for sale.",
  buyerUnverified: "Verify your phone number before you start a safe deal.",
  sellerUnverified: "This seller cannot receive safe deals yet: their phone number is not verified.",
  amountRequired: "Enter the amount you agreed.",
  amountTooLow: `A safe deal is at least US$ ${DEAL_MIN_USD} or its L$ value.`,
  amountTooHigh: `A safe deal is at most US$ ${DEAL_MAX_USD} or its L$ value.`,
  dailyLimit: `You can hold at most US$ ${DEAL_DAILY_MAX_USD} in safe deals a day.`,
  lrdUnavailable: "Liberian dollar deals are not available right now.",
  dealWaiting: "You already have a deal waiting for payment on this item.",
  codeRequired: `Enter the ${DEAL_CODE_LENGTH}-digit code the buyer gives you.`,
  codeWrong: "That code is not right. Ask the buyer to read it again.",
  codeLocked: `Too many wrong codes. Try again in ${DEAL_CODE_LOCK_MINUTES} minutes.`,
  notHeld: "This deal's money is not held.",
  notAwaitingPayment: "This deal can no longer be cancelled.",
  notAwaitingConfirmation: "This deal is not waiting for a code.",
  alreadyHandedOver: "You already marked the item as handed over.",
  notDisputable: "Only a deal whose money is held can be disputed.",
  reasonRequired: "Choose what went wrong.",
  detailsTooLong: `Tell us in at most ${DEAL_DISPUTE_DETAILS_MAX} characters.`,
  notDisputed: "This deal is not disputed.",
  outcomeRequired: "Choose release or refund.",
  noteRequired: "Write a note on the decision.",
  buyerRequired: "Choose the buyer.",
  reviewNotAllowed: "You can review someone only after a completed deal with them.",
  reviewTwice: "You have already reviewed this deal.",
  reviewContentTooLong: `A review is at most ${DEAL_REVIEW_MAX} characters.`,
  starsRange: "Choose from 1 to 5 stars.",
} as const;

/** The fee of a deal of `amount`: DEAL_FEE_PERCENT, rounded to the cent. */
export const dealFee = (amount: number) => Math.round(amount * DEAL_FEE_PERCENT) / 100;

/** "US$ 120.00", "L$ 22,800.00": a deal's amount as both parties see it. */
export const dealAmountText = (amount: number, currency: TCurrency) =>
  `${CURRENCY_SYMBOLS[currency]} ${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * What each party is told of a deal's step, in its chat and as a notification; null: that party is not told (they
 * made the step themselves, or it does not concern them).
 */
export function dealNotice(action: string, role: TDealRole, amount: string): string | null {
  const buyer = role === "buyer";
  switch (action) {
    case "created":
      return buyer
        ? null
        : `The buyer started a safe deal for ${amount}. The money will be held until they have the item.`;
    case "paid":
      return buyer
        ? `Your ${amount} is held safely. Give the seller your release code only when you have the item.`
        : `Paid, held: ${amount}. Hand the item over and ask the buyer for their release code.`;
    case "payment_failed":
      return buyer ? "Your payment did not go through, so the safe deal was cancelled." : null;
    case "handed_over":
      return buyer
        ? `The seller says you have the item. The money goes to them in ${DEAL_AUTO_RELEASE_HOURS} hours unless you open a dispute.`
        : null;
    case "released_by_code":
    case "confirmed":
    case "auto_released":
    case "resolved_release":
      return buyer
        ? `The safe deal is complete: ${amount} was released to the seller.`
        : `${amount} was released to you. The payout is on its way.`;
    case "paid_out":
      return buyer ? null : "Your payout was sent to your mobile money wallet.";
    case "disputed":
      return "The safe deal is disputed: the money stays held until our team decides.";
    case "resolved_refund":
    case "refunded_late_payment":
      return buyer ? `${amount} will be refunded to your wallet.` : `The safe deal was refunded to the buyer.`;
    case "refund_paid":
      return buyer ? "Your refund was sent to your mobile money wallet." : null;
    case "cancelled":
      return buyer ? null : "The buyer cancelled the safe deal.";
    case "declined":
      return buyer ? "The seller declined the safe deal." : null;
    case "ad_unavailable":
      return buyer ? "The item is no longer for sale, so the safe deal was cancelled." : null;
    case "payout_failed":
      return buyer ? null : "Your payout could not be sent. Our team is looking into it.";
    case "cash_created":
      return buyer ? "The seller recorded your purchase. Enter the code they show you to confirm it." : null;
    case "cash_confirmed":
      return "The sale is confirmed. You can now review each other.";
    default:
      return null;
  }
}

/** The client id a deal's step carries in its chat: the web shows such a message as the deal's card. */
export const dealNoticeClientId = (dealId: number, action: string) => `${DEAL_NOTICE_PREFIX}${dealId}:${action}`;
/** The deal a chat message announces a step of, or null for a person's message. */
export function dealOfNotice(clientId: string | null): number | null {
  const match = clientId === null ? null : /^deal:(\d+):/.exec(clientId);
  return match ? Number(match[1]) : null;
}

/** A deal's step as one line in its chat, the same for both parties: "Safe deal · Paid, held · US$ 120.00". */
export function dealChatLine(action: string, status: TDealStatus, amount: string): string {
  const step: Record<string, string> = {
    created: "Started",
    cash_created: "Sale recorded, waiting for the buyer's code",
    handed_over: "Item handed over",
    paid_out: "Payout sent to the seller",
    refund_paid: "Refund sent to the buyer",
    payout_failed: "Payout failed, our team is on it",
  };
  return `Safe deal · ${step[action] ?? DEAL_STATUS_TEXT[status]} · ${amount}`;
}
