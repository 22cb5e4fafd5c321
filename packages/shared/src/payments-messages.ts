/**
 * Boosts and Mobile Money payments without zod: the wizard's purchase modals, the boost panel and the API read them
 * (second document §4 "Payment flow", §5 "Boost step", "Mobile-money phone number", §8, §9).
 */

export const PACKAGE_TYPES = ["ad", "user"] as const;
export type TPackageType = (typeof PACKAGE_TYPES)[number];
export const SUBSCRIPTION_STATUSES = ["active", "pending", "canceled", "expired"] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** What the status call answers (§4 "Payment flow" step 4). */
export const PAYMENT_STATUSES = ["completed", "failed", "pending"] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** §9: a package named so hides Upgrade (it is the top one). */
export const PREMIUM_PACKAGE_NAME = "Premium Package";
/** §9: the approval modal opens this long after the request; the redirect follows this long after the end. */
export const PAYMENT_CONFIRM_DELAY_MS = 4000;
export const PAYMENT_FINISHED_REDIRECT_MS = 3000;
/** §9: subscriptions per page. */
export const SUBSCRIPTIONS_PAGE = 10;
export const PHONE_MIN_LENGTH = 8;

/**
 * §5: the country code and operator prefix a MoMo number may start with. Liberia's MTN numbers are 231 88… and
 * 231 86…; the others are MTN's other countries, as the spec lists them.
 */
export const MOMO_PREFIXES: Record<string, readonly string[]> = {
  "229": ["97", "98", "99"],
  "267": ["75", "76", "77"],
  "237": ["650", "651", "699"],
  "225": ["05", "07"],
  "268": ["76", "77"],
  "233": ["24", "25", "54", "55", "59"],
  "245": ["95", "96"],
  "231": ["88", "86"],
  "234": ["703", "706", "803", "806", "810", "813", "814", "816", "903", "906", "913"],
  "250": ["78", "79"],
  "27": ["83", "73", "63"],
  "211": ["92"],
  "256": ["77", "78"],
  "260": ["96", "97"],
};

/** Issue 30: Orange Money Liberia's numbers, 231 77… and 231 76…; every other wallet number pays through MTN MoMo. */
export const ORANGE_PREFIXES: Record<string, readonly string[]> = { "231": ["77", "76"] };

/** The wallet providers a payment can go through (issue 30). */
export const PAYMENT_PROVIDERS = ["mtn_momo", "orange_money"] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
/** How the screens and receipts name them. */
export const PAYMENT_PROVIDER_NAMES: Record<TPaymentProvider, string> = {
  mtn_momo: "MTN MoMo",
  orange_money: "Orange Money",
};

export const PAYMENT_MESSAGES = {
  // §5 "Mobile-money phone number", in the order the checks run.
  phoneRequired: "Phone number is required",
  phoneInvalid: "Phone number not valid",
  phoneDigitsOnly: "Phone number must contain digits only (no spaces, dashes, or symbols).",
  phoneCountryCode: "Phone number must start with country code (e.g., 231)",
  phoneNotMomo: "Invalid MTN MoMo number",
  // Issue 30: an Orange Money number is checked by the same rules, then Orange's prefixes.
  phoneNotOrange: "Invalid Orange Money number",
  lrdUnavailable: "Paying in Liberian dollars is not available right now. Please pay in US dollars.",
  // §5 "Boost step".
  selectPackage: "Please select a pricing option or skip",
  alreadySubscribed: "You already subscribe to this package",
  // §4, §8.
  requestFailed: "Error requesting payment",
  statusFailed: "Error checking payment status",
  successful: "Payment successful!",
  failed: (reason: string) => `Payment failed! MoMo Reason: ${reason}`,
  notConfirmedTitle: "Payment Request Not Confirmed",
  notConfirmed: "Your payment request is not confirmed!",
  finished: "Payment process finished...",
  creatingAd: "Creating Ad...",
  updatingAd: "Updating Ad...",
  canceled: "Canceled!",
  cancelFailed: "Error canceling subscription",
  businessUpgradeFailed: "Error updating to business plan, please reload page and try again",
  pendingNotice:
    "Your payment is being processed. It will be re-processed shortly; activation can take up to 24 hours.",
  // Beyond the spec: the rules the server keeps.
  notYourAd: "You can only boost your own ads.",
  businessOnly: "Business plans are for business accounts. Switch to a company account first.",
  packageType: "This package is not for this kind of boost.",
  adNotActive: "Only an active ad can be boosted.",
  paymentWaiting: "A payment for this is already waiting for your approval on your phone.",
  datesOrder: "The end date must be on or after the start date.",
  notCancelable: "Only an active subscription can be canceled.",
  unavailable: "Mobile Money payments are not available right now. Please try again later.",
} as const;

/** Liberia's country code: a national number written with its leading 0 is Liberian (decision 060). */
export const MOMO_DEFAULT_COUNTRY_CODE = "231";
/** What people put between digit groups: spaces of any kind, dashes of any kind, dots and brackets. */
const DIGIT_SEPARATORS = /[\s\-\u2010-\u2015.()]/g;

/**
 * A MoMo number as people write it, put in the form the spec's rules ask for (decision 060): separators between the
 * digits go, "+" or "00" before a country code goes, and a national number's leading 0 becomes Liberia's 231, so
 * "0886 123 456", "+231 886 123 456", "231-886-123456" and "00231886123456" all give 231886123456. Only a number
 * made of digits and separators, with at most a leading "+", is rewritten, and only when a country code follows the
 * "+", "00" or 0 (not another 0); anything else comes back trimmed but as typed, so the spec's messages (digits only,
 * country code) speak about what the user wrote. It does not judge the number: momoPhoneError does, afterwards.
 */
export function normalizeMomoPhone(value: string): string {
  const typed = value.trim();
  if (!/^\+?[\d\s\-\u2010-\u2015.()]+$/.test(typed)) return typed;
  const digits = typed.replace(DIGIT_SEPARATORS, "");
  let international: string;
  if (digits.startsWith("+")) international = digits.slice(1);
  else if (digits.startsWith("00")) international = digits.slice(2);
  else if (digits.startsWith("0")) international = `${MOMO_DEFAULT_COUNTRY_CODE}${digits.slice(1)}`;
  else international = digits;
  // "+0…", "000…", "00": no country code where one must be; the spec's message says so about the typed number.
  return /^[1-9]\d*$/.test(international) ? international : typed;
}

/**
 * §5 "Mobile-money phone number": the message of the first rule the number breaks, or null for a MoMo number. The
 * simple rules come first (required, 8 characters, digits only), then MoMo's (no +, 00 or leading 0, a country code
 * and MTN prefix from the table), so each message says what to fix next. The rules judge the number as
 * normalizeMomoPhone writes it (decision 060), so a number that can be put right passes and one that cannot keeps
 * the spec's message.
 */
export function momoPhoneError(value: string): string | null {
  const phone = normalizeMomoPhone(value);
  if (!phone) return PAYMENT_MESSAGES.phoneRequired;
  if (phone.length < PHONE_MIN_LENGTH) return PAYMENT_MESSAGES.phoneInvalid;
  if (!/^\+?\d+$/.test(phone)) return PAYMENT_MESSAGES.phoneDigitsOnly;
  if (/^(\+|0)/.test(phone)) return PAYMENT_MESSAGES.phoneCountryCode;
  const country = Object.keys(MOMO_PREFIXES).find((code) => phone.startsWith(code));
  if (!country) return PAYMENT_MESSAGES.phoneCountryCode;
  const rest = phone.slice(country.length);
  return MOMO_PREFIXES[country]!.some((prefix) => rest.startsWith(prefix)) ? null : PAYMENT_MESSAGES.phoneNotMomo;
}

/** Issue 30: the message of the first rule an Orange Money number breaks (MoMo's rules, then Orange's prefixes). */
export function orangePhoneError(value: string): string | null {
  const error = momoPhoneError(value);
  if (error && error !== PAYMENT_MESSAGES.phoneNotMomo) return error;
  const phone = normalizeMomoPhone(value);
  const country = Object.keys(ORANGE_PREFIXES).find((code) => phone.startsWith(code));
  const rest = country ? phone.slice(country.length) : "";
  return country && ORANGE_PREFIXES[country]!.some((prefix) => rest.startsWith(prefix))
    ? null
    : PAYMENT_MESSAGES.phoneNotOrange;
}

/**
 * Issue 30: the wallet a number pays with: Orange Money for Orange's numbers, MTN MoMo for MTN's; null while the
 * number is not yet one of either (the form then says what to fix, in MoMo's words).
 */
export function walletOfPhone(value: string): TPaymentProvider | null {
  if (!orangePhoneError(value)) return "orange_money";
  if (!momoPhoneError(value)) return "mtn_momo";
  return null;
}

/**
 * Numbers the local pawaPay sandbox (apps/api/src/lib/pawapay-sandbox.ts) answers in a fixed way for Orange Money
 * (issue 30). pawaPay's own sandbox picks the outcome by a number's last digits (…789 completes, …029 PAYER_NOT_FOUND,
 * …039 PAYMENT_NOT_APPROVED, …049 INSUFFICIENT_BALANCE, …019 PAYER_LIMIT_REACHED, …129 never answers); these put that
 * convention on Liberian Orange numbers (231 77…), so they pass the Orange Money number rules.
 */
export const ORANGE_TEST_NUMBERS = {
  /** Any number not below succeeds; this one is just an example. */
  succeeds: "231770456789",
  payerLimitReached: "231770456019",
  payerNotFound: "231770456029",
  notApproved: "231770456039",
  insufficientBalance: "231770456049",
  /** Refused when asked (AMOUNT_OUT_OF_BOUNDS): pawaPay answers REJECTED at once, nothing reaches the phone. */
  rejected: "231770456099",
  /** Accepted, then never answered and never called back: the payment waits for the reconciler until it expires. */
  noAnswer: "231770456129",
} as const;

/**
 * Recipients the local pawaPay sandbox's payouts answer in a fixed way (decision 100), pawaPay's payout convention
 * (…089 RECIPIENT_NOT_FOUND, …119 OTHER_ERROR, …129 stuck) on Liberian Orange numbers; any other valid number is paid.
 */
export const ORANGE_PAYOUT_TEST_NUMBERS = {
  /** Any number not below is paid; this one is just an example. */
  paid: "231770456789",
  /** The payout fails with RECIPIENT_NOT_FOUND: the number has no Orange Money wallet. */
  recipientNotFound: "231770456089",
  /** The payout fails with OTHER_ERROR. */
  otherError: "231770456119",
  /** Refused when asked (PAWAPAY_WALLET_OUT_OF_FUNDS): our pawaPay wallet has too little; nothing is sent. */
  walletOutOfFunds: "231770456199",
  /** Accepted, then never final: the payout waits for the reconciler for good. */
  noAnswer: "231770456129",
  /** Accepted, then the connection is cut before the answer: the sender never hears pawaPay has it. */
  answerLost: "231770456139",
} as const;

/** Issue 30: a wallet asked to charge a currency its account does not hold: said on `currency`, with what it takes. */
export function walletCurrencyError(wallet: TPaymentProvider, accepted: readonly string[]): string {
  const names = accepted.map((code) => (code === "LRD" ? "Liberian dollars" : code === "USD" ? "US dollars" : code));
  return `${PAYMENT_PROVIDER_NAMES[wallet]} payments are taken in ${names.join(" or ")} only.`;
}
