import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH } from "./auth-messages.ts";
import { blankAsUndefined, formBoolean, optionalCoordinate, optionalText } from "./form-values.ts";
import { zId } from "./ids.ts";

/** Spec §3 "Authorization" (expires_at is computed by the client). */
export const ZAuthorization = z.object({
  token: z.string(),
  type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
});
export type TAuthorization = z.infer<typeof ZAuthorization>;

/** The device a sign-in belongs to: the client generates it once and keeps it in local storage. */
export const ZDeviceId = z.string().trim().min(1, "The device id is required.").max(200);

export const ZEmail = z
  .string({ message: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254)
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }));

export const ZNewPassword = z
  .string({ message: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin)
  .max(200);

/** A phone number as the profile requires it (spec §5 'Phone number not valid'). */
export const ZRequiredPhoneNumber = z
  .string({ message: AUTH_MESSAGES.phoneInvalid })
  .trim()
  .min(PHONE_MIN_LENGTH, AUTH_MESSAGES.phoneInvalid)
  .max(20, AUTH_MESSAGES.phoneInvalid)
  .regex(/^\+?[\d\s()-]+$/, AUTH_MESSAGES.phoneInvalid);

/** Registration's phone number: optional, blank means none. */
export const ZPhoneNumber = z.preprocess(blankAsUndefined, ZRequiredPhoneNumber.optional());

/** Spec §5 "Login". */
export const ZLoginCredentials = z.object({
  email: ZEmail,
  password: z
    .string({ message: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin),
  remember_me: formBoolean.optional(),
  device_id: ZDeviceId,
});
export type TLoginCredentials = z.infer<typeof ZLoginCredentials>;

export const ZValidateCredentials = z.object({ email: ZEmail });

/** Spec §5 "Registration" and §7 POST /auth/register. Files arrive as buffers from multipart. */
export const ZRegisterFields = z.object({
  name: z.string({ message: AUTH_MESSAGES.nameRequired }).trim().min(1, AUTH_MESSAGES.nameRequired).max(120),
  email: ZEmail,
  password: ZNewPassword,
  password_confirmation: z.string().optional(),
  phone_number: ZPhoneNumber,
  bio: optionalText(1000),
  usertype_id: zId()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .prefault(1),
  accept_terms: formBoolean.refine((value) => value, AUTH_MESSAGES.termsRequired),
  accept_policy: formBoolean.optional(),
  platform: z.string().max(20).optional(),
  // Spec §7 sends device_id on login, refresh, logout and deletion, not on registration (decision 037).
  device_id: ZDeviceId.optional(),
  remember_me: formBoolean.optional(),
  description: optionalText(2000),
  address: optionalText(300),
  latitude: optionalCoordinate,
  longitude: optionalCoordinate,
});

/** The confirmation, when sent, must repeat the password (spec §5 'Passwords should match!'). */
export const passwordsMatch = <T extends { password: string; password_confirmation?: string }>(body: T) =>
  body.password_confirmation === undefined || body.password_confirmation === body.password;

export const ZRegister = ZRegisterFields.refine(passwordsMatch, {
  message: AUTH_MESSAGES.passwordsMatch,
  path: ["password_confirmation"],
});
export type TRegister = z.infer<typeof ZRegister>;

export const ZRefresh = z.object({
  device_id: ZDeviceId,
  refresh_token: z.string({ message: "The refresh token is required." }).min(1, "The refresh token is required."),
});

export const ZLogout = z.object({ device_id: ZDeviceId });
