import { z } from "zod";
import {
  DEAL_CODE_LENGTH,
  DEAL_DISPUTE_DETAILS_MAX,
  DEAL_DISPUTE_REASONS,
  DEAL_KINDS,
  DEAL_MESSAGES,
  DEAL_REVIEW_MAX,
  DEAL_ROLES,
  DEAL_STATUSES,
} from "./deals-messages.ts";
import { zId, zPage } from "./ids.ts";
import { CURRENCIES } from "./money.ts";
import {
  momoPhoneError,
  normalizeMomoPhone,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDERS,
  walletOfPhone,
} from "./payments-messages.ts";

// Safe deals and reviews from proven deals (issue 33, decision 103).

const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * A wallet number of either provider, by MoMo's rules and messages (decision 060), put in the same form: an Orange
 * Money number pays through Orange, any other valid one through MTN MoMo (issue 30).
 */
export const zWalletPhone = z
  .string({ message: PAYMENT_MESSAGES.phoneRequired })
  .superRefine((phone, context) => {
    if (!walletOfPhone(phone)) {
      context.addIssue({ code: "custom", message: momoPhoneError(phone) ?? PAYMENT_MESSAGES.phoneNotMomo });
    }
  })
  .transform(normalizeMomoPhone);

/**
 * POST /deals {ad_id, amount, currency, phone_number}: the buyer's wallet number (MTN MoMo or Orange Money, told by
 * the number) is asked to pay. Without an amount the ad's price, in the ad's currency, is the deal's.
 */
export const ZCreateDeal = z.object({
  ad_id: zId("Choose an item."),
  amount: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ message: DEAL_MESSAGES.amountRequired })
      .positive(DEAL_MESSAGES.amountRequired)
      .multipleOf(0.01, "Enter the amount in dollars and cents.")
      .optional(),
  ),
  currency: z.preprocess(blankAsMissing, z.enum(CURRENCIES).optional()),
  phone_number: zWalletPhone,
});
export type TCreateDeal = z.infer<typeof ZCreateDeal>;

export const ZDealCreated = z.object({
  id: z.number().int(),
  status: z.enum(DEAL_STATUSES),
  transaction_id: z.string().nullable(),
});
export type TDealCreated = z.infer<typeof ZDealCreated>;

/** POST /deals/cash {ad_id, buyer_id}: the seller records an item sold for cash to a buyer they chatted with. */
export const ZCreateCashDeal = z.object({
  ad_id: zId("Choose an item."),
  buyer_id: zId(DEAL_MESSAGES.buyerRequired),
});

export const ZDealParams = z.object({ id: zId() });

const zCode = z
  .string({ message: DEAL_MESSAGES.codeRequired })
  .trim()
  .regex(new RegExp(`^\\d{${DEAL_CODE_LENGTH}}$`), DEAL_MESSAGES.codeRequired);

/** POST /deals/{id}/release {code}: the seller enters the buyer's code at handover. */
export const ZReleaseDeal = z.object({ code: zCode });
/** POST /deals/{id}/confirm: the buyer has the item; a cash deal's buyer gives the seller's code. */
export const ZConfirmDeal = z.object({ code: z.preprocess(blankAsMissing, zCode.optional()) }).nullish();

/** POST /deals/{id}/dispute {reason, details}. */
export const ZDisputeDeal = z.object({
  reason: z.enum(DEAL_DISPUTE_REASONS, { message: DEAL_MESSAGES.reasonRequired }),
  details: z.string().trim().max(DEAL_DISPUTE_DETAILS_MAX, DEAL_MESSAGES.detailsTooLong).optional().default(""),
});

/** POST /admin/deals/{id}/resolve {outcome, note}. */
export const ZResolveDeal = z.object({
  outcome: z.enum(["release", "refund"], { message: DEAL_MESSAGES.outcomeRequired }),
  note: z.string({ message: DEAL_MESSAGES.noteRequired }).trim().min(1, DEAL_MESSAGES.noteRequired).max(2000),
});

export const ZDealsQuery = z.object({
  status: z.enum(DEAL_STATUSES).optional(),
  role: z.enum(DEAL_ROLES).optional(),
  page: zPage().optional(),
});

const ZDealParty = z.object({
  id: z.number().int(),
  name: z.string(),
  profile_image_url: z.string().nullable(),
});

const ZPayout = z.object({
  status: z.enum(["pending", "successful", "failed"]),
  amount: z.number(),
  currency: z.string(),
  completed_at: z.string().nullable(),
});

export const ZDeal = z.object({
  id: z.number().int(),
  kind: z.enum(DEAL_KINDS),
  status: z.enum(DEAL_STATUSES),
  ad: z.object({ id: z.number().int(), title: z.string(), image_url: z.string().nullable() }).nullable(),
  buyer: ZDealParty,
  seller: ZDealParty,
  /** Who the reader is in this deal. */
  role: z.enum(DEAL_ROLES),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  /** Kept from the seller's payout (DEAL_FEE_PERCENT); 0 for a cash deal. */
  fee: z.number(),
  provider: z.enum(PAYMENT_PROVIDERS).nullable(),
  /** The collection's id (poll GET /payments/{provider}/status/{transaction_id}); null for a cash deal. */
  transaction_id: z.string().nullable(),
  /**
   * The code that proves the handover: the buyer's, to give the seller, while the money is held; the seller's, to
   * show the buyer, while a cash deal waits. Null for the other party and in every other state.
   */
  code: z.string().nullable(),
  handed_over_at: z.string().nullable(),
  /** When a handed-over deal releases itself unless disputed. */
  auto_release_at: z.string().nullable(),
  dispute: z
    .object({
      reason: z.enum(DEAL_DISPUTE_REASONS),
      details: z.string(),
      by: z.enum(DEAL_ROLES),
      at: z.string(),
      resolution_note: z.string().nullable(),
    })
    .nullable(),
  /** The seller's payout after a release, or the buyer's refund. */
  payout: ZPayout.nullable(),
  /** Whether the reader may still review the other party for this deal. */
  can_review: z.boolean(),
  chat_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDeal = z.infer<typeof ZDeal>;

/** POST /user-reviews {deal_id, stars, content}: one review per party per proven deal. */
export const ZCreateUserReview = z.object({
  deal_id: zId("Choose a deal."),
  stars: z.coerce
    .number({ message: DEAL_MESSAGES.starsRange })
    .int(DEAL_MESSAGES.starsRange)
    .min(1, DEAL_MESSAGES.starsRange)
    .max(5, DEAL_MESSAGES.starsRange),
  content: z.string().trim().max(DEAL_REVIEW_MAX, DEAL_MESSAGES.reviewContentTooLong).optional().default(""),
});

export const ZUserReview = z.object({
  id: z.number().int(),
  deal_id: z.number().int(),
  stars: z.number().int(),
  content: z.string(),
  /** What the reviewed user was in the deal. */
  role: z.enum(DEAL_ROLES),
  author: ZDealParty,
  /** Every review here comes from a proven deal: the web marks it "Verified deal". */
  verified_deal: z.literal(true),
  ad: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  created_at: z.string(),
});
export type TUserReview = z.infer<typeof ZUserReview>;

export const ZUserReviewsParams = z.object({ id: zId() });
export const ZUserReviewsQuery = z.object({ page: zPage().optional() });

/** GET /admin/deals: the disputes queue by default, another status, or the deals whose ledger differs. */
export const ZAdminDealsQuery = z.object({
  status: z.enum(DEAL_STATUSES).optional(),
  ledger_difference: z
    .enum(["true", "false"])
    .transform((value) => value === "true")
    .optional(),
  page: zPage().optional(),
});

/** A deal as admins see it: never its code; with what the ledger's reconciliation found. */
export const ZAdminDeal = ZDeal.extend({ ledger_difference: z.string().nullable() });
export type TAdminDeal = z.infer<typeof ZAdminDeal>;

export const ZAdminDealDetail = z.object({
  deal: ZAdminDeal,
  /** The deal's trail: every move and step, oldest first. */
  events: z.array(
    z.object({
      id: z.number().int(),
      from_status: z.string().nullable(),
      to_status: z.string(),
      action: z.string(),
      actor_user_id: z.number().int().nullable(),
      actor_admin_id: z.number().int().nullable(),
      note: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** The deal's chat, oldest first: what the parties said. */
  messages: z.array(
    z.object({ id: z.number().int(), sender_id: z.number().int(), text: z.string(), created_at: z.string() }),
  ),
});
export type TAdminDealDetail = z.infer<typeof ZAdminDealDetail>;
