import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** Numbers are read as Liberians write them: without a country code, a number is Liberian. */
const DEFAULT_COUNTRY = "LR";

export type PhoneNumberCheck =
  { ok: true; number: string; countryCode: string } | { ok: false; reason: "invalid" | "country" };

/**
 * A typed number in E.164, or why not: "0886123456", "+231 886 123 456", "231886123456" and "00231886123456" are
 * one number. Only mobile numbers can receive a code; `allowedCountryCodes` keeps codes to the countries the operator
 * serves, the first defence against SMS pumping (decision 069).
 */
export function checkPhoneNumber(input: string, allowedCountryCodes: readonly string[]): PhoneNumberCheck {
  const parsed = parsePhoneNumberFromString(input, DEFAULT_COUNTRY);
  if (!parsed?.isValid()) return { ok: false, reason: "invalid" };
  const type = parsed.getType();
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return { ok: false, reason: "invalid" };
  if (!allowedCountryCodes.includes(parsed.countryCallingCode)) return { ok: false, reason: "country" };
  return { ok: true, number: parsed.number, countryCode: parsed.countryCallingCode };
}

/**
 * The block of numbers a pumping ring walks through: the number without its last four digits, so consecutive
 * numbers share it.
 */
export const numberPrefix = (e164: string) => e164.slice(0, -4);

/** A typed number in E.164 when it is a valid number of any country, else null. */
export function toE164(input: string) {
  const parsed = parsePhoneNumberFromString(input, DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}
