/**
 * MTN Mobile Money failure reasons in plain words, shown after 'Payment failed! MoMo Reason: ' (spec selling §4
 * "Payment flow", §8), and the local sandbox's test numbers. Without zod: the web's light parts import this.
 *
 * The codes are MTN's (Collections `reason` of GET /requesttopay/{referenceId}, and the error codes of its Open API);
 * MTN adds codes over time, so an unknown one falls back to a general sentence rather than showing the raw code.
 */
const REASON_TEXT: Record<string, string> = {
  PAYER_NOT_FOUND: "This number has no MTN Mobile Money account.",
  NOT_ENOUGH_FUNDS: "There is not enough money in your Mobile Money account.",
  PAYER_LIMIT_REACHED: "Your Mobile Money transaction limit has been reached.",
  APPROVAL_REJECTED: "The payment was declined on your phone.",
  PAYMENT_NOT_APPROVED: "The payment was not approved on your phone.",
  EXPIRED: "The payment request expired before it was approved.",
  // MTN: the payer did not approve within 5 minutes.
  COULD_NOT_PERFORM_TRANSACTION: "The payment was not approved within 5 minutes.",
  TRANSACTION_CANCELED: "The payment was cancelled.",
  SENDER_ACCOUNT_NOT_ACTIVE: "Your Mobile Money account is not active.",
  // MTN's generic code; it says the commonest cause is a wallet without enough money.
  INTERNAL_PROCESSING_ERROR: "MTN could not process the payment. Check your balance and try again.",
  SERVICE_UNAVAILABLE: "Mobile Money is unavailable right now. Please try again later.",
  PAYER_DELAYED: "Mobile Money is taking longer than usual. Please try again later.",
  TRANSACTION_NOT_FOUND: "MTN has no record of this payment request.",
  RESOURCE_NOT_FOUND: "MTN has no record of this payment request.",
  // The merchant side (our MTN account or settings): nothing the payer can fix.
  PAYEE_NOT_FOUND: "Waterside cannot receive Mobile Money payments right now. Please try again later.",
  PAYEE_NOT_ALLOWED_TO_RECEIVE: "Waterside cannot receive Mobile Money payments right now. Please try again later.",
  NOT_ALLOWED: "Waterside cannot receive Mobile Money payments right now. Please try again later.",
  NOT_ALLOWED_TARGET_ENVIRONMENT: "Waterside cannot receive Mobile Money payments right now. Please try again later.",
  INVALID_CALLBACK_URL_HOST: "Waterside cannot receive Mobile Money payments right now. Please try again later.",
  INVALID_CURRENCY: "Waterside cannot receive Mobile Money payments right now. Please try again later.",
};

export const MOMO_REASON_DEFAULT_TEXT = "Mobile Money could not complete the payment.";

/** The words for an MTN reason code (e.g. NOT_ENOUGH_FUNDS); a general sentence for none or an unknown one. */
export function momoReasonText(reason: string | null | undefined): string {
  return (reason && Object.hasOwn(REASON_TEXT, reason) ? REASON_TEXT[reason] : undefined) ?? MOMO_REASON_DEFAULT_TEXT;
}

/**
 * Numbers the local MoMo sandbox (apps/api/src/lib/momo-sandbox.ts) answers in a fixed way, as MTN's own sandbox does
 * with its 46733123450… numbers. They are Liberian MTN numbers (231, prefix 88) that pass the spec's phone rules
 * (selling §5 "Mobile-money phone number"); any other valid number succeeds after a short delay.
 */
export const MOMO_TEST_NUMBERS = {
  /** Any number not below succeeds; this one is just an example. */
  succeeds: "231881234567",
  notEnoughFunds: "231880000001",
  approvalRejected: "231880000002",
  payerNotFound: "231880000003",
  expired: "231880000004",
  /** Never leaves PENDING and never calls back: the payment waits for the reconciler forever. */
  staysPending: "231880000005",
  payerLimitReached: "231880000006",
  /** Not approved within MTN's 5 minutes. */
  notApprovedInTime: "231880000007",
} as const;

/**
 * Payees the local MoMo sandbox's Disbursement product answers in a fixed way (decision 100), as MOMO_TEST_NUMBERS do
 * for payers: a transfer to any other valid number succeeds after a short delay.
 */
export const MOMO_PAYOUT_TEST_NUMBERS = {
  /** Any number not below is paid; this one is just an example. */
  paid: "231881234560",
  /** The transfer fails with PAYEE_NOT_FOUND: the number has no MoMo wallet. */
  payeeNotFound: "231880000011",
  /** The transfer fails with NOT_ENOUGH_FUNDS: our own disbursement account has too little in it. */
  notEnoughFunds: "231880000012",
  /** The transfer is taken and stays PENDING for good: the payout waits for the reconciler forever. */
  staysPending: "231880000013",
  /** The transfer is taken, then the connection is cut before the 202: the sender never hears MTN has it. */
  answerLost: "231880000014",
} as const;
