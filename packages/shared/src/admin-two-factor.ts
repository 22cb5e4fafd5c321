/**
 * The admins' second factor (issue 27, decision 071): after a right password, `POST /admin/auth/login` answers a
 * challenge instead of tokens, and `POST /admin/auth/two-factor` spends it with a TOTP code (RFC 6238) or a recovery
 * code for exactly the body of a password-only login.
 */
import { z } from "zod";
import { ZAuthorization, ZDeviceId } from "./auth.ts";
import { formBoolean } from "./form-values.ts";
import { ZAdmin } from "./users.ts";

/** Digits of a code, seconds a code lives: what every authenticator app shows by default. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Recovery codes handed out at enrolment; each signs in once. */
export const RECOVERY_CODE_COUNT = 10;
/** Wrong codes one challenge takes before it is void and the password is asked again. */
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

export const ADMIN_TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  codeFormat: "The code is 6 digits",
  recoveryCodeRequired: "Enter one of your recovery codes",
  invalidCode: "This code is not valid. Check your authenticator app and try again.",
  invalidRecoveryCode: "This recovery code is not valid or was already used.",
  codeAlreadyUsed: "This code was already used. Wait for the next code in your authenticator app.",
  challengeExpired: "Your sign-in has expired. Please log in again.",
  challengeVoid: "Too many wrong codes. Please log in again.",
  recoveryNotAtEnrolment: "Confirm your authenticator with a code from the app.",
  ownReset: "You cannot reset your own second factor.",
  resetDone: "Second factor reset. This admin sets up an authenticator at their next login.",
  resetUnchanged: "This admin has no second factor to reset.",
  recoveryCodeUsed:
    "You signed in with a recovery code. Ask another admin to reset your second factor if you lost your authenticator.",
} as const;

/** The codes as typed: spaces (apps show "123 456") and dashes do not count. */
const compact = (value: unknown) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : value);

export const ZTotpCode = z.preprocess(
  compact,
  z
    .string({ message: ADMIN_TWO_FACTOR_MESSAGES.codeRequired })
    .min(1, ADMIN_TWO_FACTOR_MESSAGES.codeRequired)
    .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), ADMIN_TWO_FACTOR_MESSAGES.codeFormat),
);

export const ZRecoveryCode = z.preprocess(
  (value) => (typeof value === "string" ? (compact(value) as string).toLowerCase() : value),
  z
    .string({ message: ADMIN_TWO_FACTOR_MESSAGES.recoveryCodeRequired })
    .min(1, ADMIN_TWO_FACTOR_MESSAGES.recoveryCodeRequired)
    .max(64, ADMIN_TWO_FACTOR_MESSAGES.invalidRecoveryCode),
);

/** What a new authenticator needs: the secret to type, the otpauth:// address and the same as a QR code (SVG). */
export const ZTotpEnrolment = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_svg: z.string(),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

/**
 * A right password when the second factor is due: "code" for an enrolled admin, "enrol" (with the authenticator's
 * setup) at the first sign-in. The token is good for one `POST /admin/auth/two-factor`, for `expires_in` seconds.
 */
export const ZAdminTwoFactorChallenge = z.object({
  two_factor: z.enum(["code", "enrol"]),
  challenge_token: z.string(),
  expires_in: z.number().int(),
  enrolment: ZTotpEnrolment.optional(),
});
export type TAdminTwoFactorChallenge = z.infer<typeof ZAdminTwoFactorChallenge>;

/** The body of a signed-in admin, as `POST /admin/auth/login` has always answered it. */
export const ZAdminSignedIn = z.object({ admin: ZAdmin, authorization: ZAuthorization });
export type TAdminSignedIn = z.infer<typeof ZAdminSignedIn>;

/** `POST /admin/auth/login`: signed in (second factor not required and not set up), or a challenge. */
export const ZAdminLoginResult = z.union([ZAdminSignedIn, ZAdminTwoFactorChallenge]);
export type TAdminLoginResult = z.infer<typeof ZAdminLoginResult>;

/** `POST /admin/auth/two-factor`: the challenge and either a code from the app or a recovery code. */
export const ZAdminTwoFactorVerify = z
  .object({
    challenge_token: z.string().trim().min(1, ADMIN_TWO_FACTOR_MESSAGES.challengeExpired).max(200),
    code: ZTotpCode.optional(),
    recovery_code: ZRecoveryCode.optional(),
    device_id: ZDeviceId,
    remember_me: formBoolean.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    message: ADMIN_TWO_FACTOR_MESSAGES.codeRequired,
    path: ["code"],
  });
export type TAdminTwoFactorVerify = z.infer<typeof ZAdminTwoFactorVerify>;

/** Signed in; at enrolment with the recovery codes, shown this once and never again. */
export const ZAdminTwoFactorSignedIn = ZAdminSignedIn.extend({
  recovery_codes: z.array(z.string()).optional(),
});
export type TAdminTwoFactorSignedIn = z.infer<typeof ZAdminTwoFactorSignedIn>;
