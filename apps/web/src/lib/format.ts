import { useSyncExternalStore } from "react";
import type { TAdListItem } from "@waterside/shared/ads";
import type { TPriceUnit } from "@waterside/shared/catalog";
import { CURRENCY_SYMBOLS, type TCurrency } from "@waterside/shared/money";

const wholeUnits = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Spec §9: prices are shown without decimals; issue 30: as Liberia writes its two dollars, "US$ 5,500", "L$ 18,700". */
export const formatAmount = (amount: number, currency: TCurrency = "USD") =>
  `${CURRENCY_SYMBOLS[currency]} ${wholeUnits.format(amount)}`;

/** A price, with the period it is for when its subcategory quotes one: "US$ 450 / month" (decision 067). */
export const formatPrice = (price: number, unit?: TPriceUnit | null, currency: TCurrency = "USD") =>
  unit ? `${formatAmount(price, currency)} / ${unit}` : formatAmount(price, currency);

/** A converted amount, "≈ US$ 100": whole, but with its cents under 10, so L$ 50 reads ≈ US$ 0.27, not ≈ US$ 0. */
const approximately = (amount: number, currency: TCurrency) =>
  `≈ ${CURRENCY_SYMBOLS[currency]} ${(amount < 10 && !Number.isInteger(amount) ? withCents : wholeUnits).format(amount)}`;

/** An ad's price in its two writings: the seller's, and the other currency's approximate value when known. */
export interface AdPriceText {
  seller: string;
  other: string | null;
}

/**
 * An ad's price as cards, the ad page and My Ads show it (issue 30): the seller's price in their currency, with its
 * period, then the other currency small. An L$ ad's US$ value is the API's `price` (converted at the rate in force);
 * a US$ ad's L$ value is counted here at `usdLrd`, and left out while no rate is known.
 */
export function adPriceText(
  ad: Pick<TAdListItem, "price" | "currency" | "price_local">,
  unit: TPriceUnit | null | undefined,
  usdLrd: number | null,
): AdPriceText {
  const seller = formatPrice(ad.price_local, unit, ad.currency);
  if (ad.currency === "LRD") return { seller, other: approximately(ad.price, "USD") };
  return { seller, other: usdLrd ? approximately(ad.price * usdLrd, "LRD") : null };
}

/** Whose calendar a date is written for: a locale (BCP 47) and a time zone (IANA). */
export interface DateReader {
  locale: string;
  timeZone: string;
}

/**
 * How the server writes dates, and how the browser writes them until the page has hydrated: one fixed locale and
 * UTC, so the first paint of a server-rendered page and the browser's hydration read the same text (decision 065).
 */
export const SERVER_DATE_READER: DateReader = { locale: "en-GB", timeZone: "UTC" };

const STYLES = {
  day: { day: "numeric", month: "short", year: "numeric" },
  month: { month: "long", year: "numeric" },
  time: { dateStyle: "medium", timeStyle: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter is the costly part of Intl: one per reader and style, kept. */
function formatter(style: DateStyle, reader: DateReader) {
  const key = `${style} ${reader.locale} ${reader.timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    try {
      made = new Intl.DateTimeFormat(reader.locale, { ...STYLES[style], timeZone: reader.timeZone });
    } catch {
      // A locale or time zone this Intl does not know (a browser setting, an old engine): the server's way.
      made = new Intl.DateTimeFormat(SERVER_DATE_READER.locale, { ...STYLES[style], timeZone: "UTC" });
    }
    formatters.set(key, made);
  }
  return made;
}

/**
 * A date as `reader` writes it: "12 Nov 2026" (en-GB), "Nov 12, 2026" (en-US); `month` gives "November 2026", `time`
 * the day and the hour ("12 Nov 2026, 14:05"). Spec §8: a missing date reads 'Date not available'. Without a reader,
 * the server's: components take theirs from `useDateReader()`.
 */
export function formatDate(
  iso: string | null | undefined,
  style: DateStyle = "day",
  reader: DateReader = SERVER_DATE_READER,
): string {
  const date = iso ? new Date(iso) : undefined;
  if (!date || Number.isNaN(date.getTime())) return "Date not available";
  return formatter(style, reader).format(date);
}

let browserReader: DateReader | undefined;

/** The browser's language and clock, the same object while they stay the same (useSyncExternalStore compares). */
function readBrowser(): DateReader {
  const locale = navigator.language || SERVER_DATE_READER.locale;
  if (browserReader?.locale !== locale) {
    browserReader = { locale, timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" };
  }
  return browserReader;
}

const readServer = () => SERVER_DATE_READER;

function onLanguageChange(changed: () => void) {
  addEventListener("languagechange", changed);
  return () => removeEventListener("languagechange", changed);
}

/**
 * The reader the dates on screen are written for: the server's while rendering on the server and hydrating, then
 * the browser's language and time zone. React renders the hydrated page again with the browser's reader, so dates
 * follow the person reading them without a hydration mismatch.
 */
export const useDateReader = () => useSyncExternalStore(onLanguageChange, readBrowser, readServer);

/** `formatDate` bound to the reader of this screen: `const date = useFormatDate(); date(ad.created_at)`. */
export function useFormatDate() {
  const reader = useDateReader();
  return (iso: string | null | undefined, style: DateStyle = "day") => formatDate(iso, style, reader);
}

/**
 * An amount paid, with its cents when it has any: boost package prices (USD per month, second document §1) and
 * Mobile Money payments in the MTN account's currency.
 */
export function formatMoney(amount: number, currency = "USD"): string {
  try {
    const cents = Number.isInteger(amount) ? 0 : 2;
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: cents,
      maximumFractionDigits: cents,
    }).format(amount);
  } catch {
    // A currency code Intl does not know still reads as an amount.
    return `${amount} ${currency}`;
  }
}
