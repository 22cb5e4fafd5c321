import { PAYMENT_MESSAGES, PAYMENT_PROVIDER_NAMES, type TPaymentProvider } from "@waterside/shared/payments-messages";

/**
 * How the purchase flow speaks of each wallet (issue 30, decision 087). MTN keeps the spec's words (second document
 * §4 "Payment flow", §8: 'Payment failed! MoMo Reason: {reason}'); Orange Money's follow the same pattern with its
 * own name.
 */
const WALLETS: Record<TPaymentProvider, { longName: string; reasonLabel: string; pin: string }> = {
  mtn_momo: { longName: "MTN Mobile Money", reasonLabel: "MoMo Reason", pin: "MoMo PIN" },
  orange_money: { longName: "Orange Money", reasonLabel: "Orange Money Reason", pin: "Orange Money PIN" },
};

/** The switch's order, as the issue names it: "Pay with Orange Money / MTN MoMo". */
export const WALLET_CHOICES: readonly TPaymentProvider[] = ["orange_money", "mtn_momo"];
/** Until the number typed is one wallet's: MTN, the spec's only wallet, whose rules and messages the spec gives. */
export const DEFAULT_WALLET: TPaymentProvider = "mtn_momo";

export const walletName = (wallet: TPaymentProvider) => PAYMENT_PROVIDER_NAMES[wallet];
/** The wallet as the approval and request texts name it: "MTN Mobile Money", "Orange Money". */
export const walletLongName = (wallet: TPaymentProvider) => WALLETS[wallet].longName;
export const walletPin = (wallet: TPaymentProvider) => WALLETS[wallet].pin;

/** "MoMo Reason: …" under a failed MTN payment, "Orange Money Reason: …" under an Orange one. */
export const walletReason = (wallet: TPaymentProvider, reason: string) => `${WALLETS[wallet].reasonLabel}: ${reason}`;

/** The toast of a failed payment: the spec's for MTN, the same sentence with Orange Money's name for Orange. */
export const paymentFailedMessage = (wallet: TPaymentProvider, reason: string) =>
  wallet === "mtn_momo" ? PAYMENT_MESSAGES.failed(reason) : `Payment failed! ${walletReason(wallet, reason)}`;
