/** Liberia's calling code: numbers kept in the local form (0886 …) are dialled and messaged with it. */
const LIBERIA_CALLING_CODE = "231";

/** A phone number as international digits without "+": 0886 123 456 → 231886123456; +231 … and 231 … stay. */
export function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+") || digits.startsWith(LIBERIA_CALLING_CODE)) return digits;
  return LIBERIA_CALLING_CODE + digits.replace(/^0/, "");
}

export const callLink = (phone: string) => `tel:+${internationalDigits(phone)}`;

/** WhatsApp's click-to-chat link: https://wa.me/ and the number's international digits. */
export const whatsAppLink = (phone: string) => `https://wa.me/${internationalDigits(phone)}`;
