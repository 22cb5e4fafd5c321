/**
 * Orange Money failure reasons in plain words (issue 30), shown where MoMo's are. The codes are pawaPay's deposit
 * failure codes (docs.pawapay.io/v2/docs/failure_codes; `failureReason.failureCode` of a FAILED or REJECTED deposit)
 * and ours (EXPIRED after a day without an answer, AMOUNT_MISMATCH). An unknown code gets a general sentence.
 */
const REASON_TEXT: Record<string, string> = {
  PAYER_NOT_FOUND: "This number has no Orange Money account.",
  INSUFFICIENT_BALANCE: "There is not enough money in your Orange Money account.",
  PAYER_LIMIT_REACHED: "Your Orange Money transaction limit has been reached.",
  PAYMENT_NOT_APPROVED: "The payment was not approved on your phone.",
  PAYMENT_IN_PROGRESS: "Another payment from this number is waiting for approval. Finish it, then try again.",
  EXPIRED: "The payment request expired before it was approved.",
  AMOUNT_OUT_OF_BOUNDS: "Orange Money does not take a payment of this amount.",
  INVALID_PHONE_NUMBER: "This is not an Orange Money number.",
  // The merchant side (our pawaPay account or settings): nothing the payer can fix.
  INVALID_AMOUNT: "Waterside cannot receive Orange Money payments right now. Please try again later.",
  INVALID_CURRENCY: "Waterside cannot receive Orange Money payments right now. Please try again later.",
  INVALID_PROVIDER: "Waterside cannot receive Orange Money payments right now. Please try again later.",
  DEPOSITS_NOT_ALLOWED: "Waterside cannot receive Orange Money payments right now. Please try again later.",
  AMOUNT_MISMATCH: "Orange Money reported another amount than was asked. Waterside will look into it.",
};

export const ORANGE_REASON_DEFAULT_TEXT = "Orange Money could not complete the payment.";

/** The words for a pawaPay failure code (e.g. INSUFFICIENT_BALANCE); a general sentence for none or an unknown one. */
export function orangeReasonText(reason: string | null | undefined): string {
  return (reason && Object.hasOwn(REASON_TEXT, reason) ? REASON_TEXT[reason] : undefined) ?? ORANGE_REASON_DEFAULT_TEXT;
}
