import { z } from "zod";
import { zDay } from "./analytics.ts";
import { zId, zPage } from "./ids.ts";
import { CURRENCIES } from "./money.ts";
import {
  PACKAGE_TYPES,
  PAYMENT_MESSAGES,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
  momoPhoneError,
  normalizeMomoPhone,
  orangePhoneError,
} from "./payments-messages.ts";

// Boosts paid with MTN Mobile Money (second document §3 Package, Subscription, Payment request; §7; decision 048).

const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

/** Second document §3 "Package": id, name, price (USD per month), description. */
export const ZPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  price: z.number(),
  description: z.string(),
  type: z.enum(PACKAGE_TYPES),
  duration_days: z.number().int(),
});
export type TPackage = z.infer<typeof ZPackage>;

/** GET /packages/{id}: `ad` or `user` lists that kind of package; a package's number gives that one (decision 048). */
export const ZPackagesParams = z.object({
  id: z.union([z.enum(PACKAGE_TYPES), zId()], { message: "Ask for ad or user packages." }),
});

/**
 * A MoMo number by the spec's rules (§5), with the message of the first rule it breaks, after the number is put in
 * the spec's form ("0886 123 456" → 231886123456, decision 060): what passes is that form, as MTN is sent it.
 */
export const zMomoPhone = z
  .string({ message: PAYMENT_MESSAGES.phoneRequired })
  .superRefine((phone, context) => {
    const error = momoPhoneError(phone);
    if (error) context.addIssue({ code: "custom", message: error });
  })
  .transform(normalizeMomoPhone);

/** An Orange Money number (issue 30): MoMo's rules and messages, then Orange's prefixes; put in the same form. */
export const zOrangePhone = z
  .string({ message: PAYMENT_MESSAGES.phoneRequired })
  .superRefine((phone, context) => {
    const error = orangePhoneError(phone);
    if (error) context.addIssue({ code: "custom", message: error });
  })
  .transform(normalizeMomoPhone);

const paymentFields = {
  package_id: zId("Choose a package."),
  ad_id: z.preprocess(blankAsMissing, zId("Choose an ad.").optional()),
  /** Issue 30: the currency to pay in; US$ when absent (the spec's call sends none). L$ is the package's price at the rate. */
  currency: z.preprocess(blankAsMissing, z.enum(CURRENCIES).optional()),
};

/** POST /payments/momo: phone_number, package_id, optional ad_id (a business plan has none). */
export const ZRequestPayment = z.object({ phone_number: zMomoPhone, ...paymentFields });
export type TRequestPayment = z.infer<typeof ZRequestPayment>;
/** POST /payments/orange-money (issue 30): the same fields, with an Orange Money number. */
export const ZRequestOrangePayment = z.object({ phone_number: zOrangePhone, ...paymentFields });
export type TRequestOrangePayment = z.infer<typeof ZRequestOrangePayment>;
export const ZPaymentRequested = z.object({ transaction_id: z.string() });

/** Second document §3 "Subscription": id, status, start_date, end_date, package, ad (id, title), ad_id. */
export const ZSubscription = z.object({
  id: z.number().int(),
  type: z.enum(PACKAGE_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  package: z.object({ id: z.number().int(), name: z.string(), price: z.number() }),
  ad_id: z.number().int().nullable(),
  ad: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  created_at: z.string(),
});
export type TSubscription = z.infer<typeof ZSubscription>;

/** GET /payments/momo/status/{a}/{b}: the transaction id and the type, in either order (§7 does not give it). */
export const ZPaymentStatusParams = z.object({ a: z.string().max(64), b: z.string().max(64) });
/** §4 "Payment flow": completed, failed (with MTN's reason in plain words) or pending, and the subscription. */
export const ZPaymentStatus = z.object({
  transaction_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  subscription: ZSubscription.nullable(),
});
export type TPaymentStatus = z.infer<typeof ZPaymentStatus>;

/** GET /subscriptions: page, per_page (10), type, status, start_date, end_date (end on or after start, §5). */
export const ZSubscriptionsQuery = z
  .object({
    page: zPage().optional(),
    per_page: z.coerce.number().int().min(1).max(50).optional(),
    type: z.preprocess(blankAsMissing, z.enum(PACKAGE_TYPES).optional()),
    status: z.preprocess(blankAsMissing, z.enum(SUBSCRIPTION_STATUSES).optional()),
    start_date: z.preprocess(blankAsMissing, zDay().optional()),
    end_date: z.preprocess(blankAsMissing, zDay().optional()),
  })
  .refine((query) => !query.start_date || !query.end_date || query.end_date >= query.start_date, {
    message: PAYMENT_MESSAGES.datesOrder,
    path: ["end_date"],
  });
export type TSubscriptionsQuery = z.infer<typeof ZSubscriptionsQuery>;

/** POST /subscriptions/cancel: id, type ('ad' or 'user'); no refund, it stays listed as canceled. */
export const ZCancelSubscription = z.object({ id: zId(), type: z.enum(PACKAGE_TYPES) });

/** Beyond the spec: the seller's Mobile Money payments, a paper trail (decision 048). */
export const ZPayment = z.object({
  transaction_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reason: z.string().nullable(),
  /** Issue 30: the wallet it went through. */
  provider: z.enum(PAYMENT_PROVIDERS),
  /** What the wallet was charged, in `currency`. */
  amount: z.number(),
  currency: z.string(),
  /** The package's price in US$; with `usd_lrd`, the rate an L$ payment was charged at (null for US$). */
  amount_usd: z.number(),
  usd_lrd: z.number().nullable(),
  phone_number: z.string(),
  package: z.object({ id: z.number().int(), name: z.string() }),
  ad: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  financial_transaction_id: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;
export const ZPaymentsQuery = z.object({ page: zPage().optional() });
