import { z } from "zod";
import { AUTH_MESSAGES } from "./auth-messages.ts";
import { ZDeviceId } from "./auth.ts";
import { formBoolean } from "./form-values.ts";
import { zId } from "./ids.ts";

/** SMS codes (issue 27): 6 digits, valid 10 minutes, a new one after 60 s, void after 5 wrong tries. */
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_SECONDS = 10 * 60;
export const PHONE_CODE_RESEND_SECONDS = 60;
export const PHONE_CODE_MAX_ATTEMPTS = 5;

export const PHONE_AUTH_MESSAGES = {
  phoneInvalid: AUTH_MESSAGES.phoneInvalid,
  nameRequired: AUTH_MESSAGES.nameRequired,
  codeRequired: "Enter the code we sent you",
  codeInvalid: "Invalid or expired code",
  codeSent: "We sent you a code by SMS.",
  countryNotAllowed: "Codes can only be sent to Liberian numbers.",
  resendTooSoon: (seconds: number) => `Please wait ${seconds} seconds before asking for a new code.`,
  tooManyForNumber: "Too many codes were sent to this number. Please try again in an hour.",
  tooManyFromAddress: "Too many codes were asked for from your network. Please try again later.",
  tooManyForPrefix: "Too many codes were asked for numbers like this one. Please try again later.",
  tooManyToday: "Phone sign-in is busy today. Please sign in with your email, or try again tomorrow.",
  unavailable: "Phone sign-in is not available right now. Please sign in with your email.",
  numberTaken: "This phone number is already verified by another account.",
  phoneVerified: "Your phone number is verified.",
  termsRequired: AUTH_MESSAGES.termsRequired,
} as const;

/** A number as a person types it; the server normalises it (libphonenumber-js) and answers 422 when it cannot. */
export const ZPhoneInput = z
  .string({ message: PHONE_AUTH_MESSAGES.phoneInvalid })
  .trim()
  .min(1, PHONE_AUTH_MESSAGES.phoneInvalid)
  .max(30, PHONE_AUTH_MESSAGES.phoneInvalid);

export const ZPhoneCode = z
  .string({ message: PHONE_AUTH_MESSAGES.codeRequired })
  .trim()
  .min(1, PHONE_AUTH_MESSAGES.codeRequired)
  .regex(new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`), PHONE_AUTH_MESSAGES.codeInvalid);

/** `POST /auth/phone/send-code` and `POST /user/phone/send-code`. */
export const ZSendPhoneCode = z.object({ phone_number: ZPhoneInput });
export type TSendPhoneCode = z.infer<typeof ZSendPhoneCode>;

/** Their 200 reply's `data`: seconds until the code expires, and until another may be asked for. */
export const ZPhoneCodeSent = z.object({
  message: z.string(),
  expires_in: z.number().int(),
  resend_in: z.number().int(),
});
export type TPhoneCodeSent = z.infer<typeof ZPhoneCodeSent>;

/**
 * `POST /auth/phone/verify`: signs in, or with `name` (and the terms) registers when no account has this verified
 * number. Without `name` for a new number: 422 'Name is required' with `registration_required: true`.
 */
export const ZPhoneSignIn = z.object({
  phone_number: ZPhoneInput,
  code: ZPhoneCode,
  device_id: ZDeviceId.optional(),
  remember_me: formBoolean.optional(),
  name: z.string().trim().max(120).optional(),
  usertype_id: zId()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  accept_terms: formBoolean.optional(),
  accept_policy: formBoolean.optional(),
});
export type TPhoneSignIn = z.infer<typeof ZPhoneSignIn>;

/** `POST /user/phone/verify`. */
export const ZVerifyPhone = z.object({ phone_number: ZPhoneInput, code: ZPhoneCode });
export type TVerifyPhone = z.infer<typeof ZVerifyPhone>;
