import { z } from "zod";
import { ZEmail, ZRequiredPhoneNumber } from "./auth.ts";
import { PASSWORD_MIN_LENGTH } from "./auth-messages.ts";
import { blankAsUndefined, optionalCoordinate, optionalText } from "./form-values.ts";
import { ZTrust } from "./trust.ts";
import { USER_MESSAGES } from "./users-messages.ts";

export const ZUserType = z.object({ id: z.number().int(), name: z.string() });
export const ZUserStatus = z.object({ id: z.number().int(), name: z.string() });

/** Spec §3 "Company": the business profile of a usertype 2 user. */
export const ZCompany = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  banner_image: z.string().nullable(),
  banner_image_url: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCompany = z.infer<typeof ZCompany>;

/** Spec §3 "User", as its owner sees it. */
export const ZUser = z.object({
  id: z.number().int(),
  usertype_id: z.number().int(),
  status_id: z.number().int(),
  google_id: z.string().nullable(),
  facebook_id: z.string().nullable(),
  /** Null for an account created by phone until its owner adds one (decision 068). */
  email: z.string().nullable(),
  name: z.string(),
  phone_number: z.string().nullable(),
  /** Whether the account proved `phone_number` by SMS code (issue 27; additive to the spec's user). */
  phone_verified: z.boolean(),
  /** The seller's choice (issue 27): buyers may reveal the phone number (true) or must chat first (false). */
  phone_revealable: z.boolean(),
  profile_image: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  bio: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  usertype: ZUserType,
  status: ZUserStatus,
  company: ZCompany.nullable(),
});
export type TUser = z.infer<typeof ZUser>;

/**
 * Another user's profile (seller, reviewer), never provider ids or account status. Email is shown to signed-in users
 * only (decision 033). The phone number is null but for the user themselves: buyers reveal it through
 * `POST /ads/{id}/phone`, capped per day, or read it in a chat they share (decision 072). `trust` is what a buyer may
 * trust about them (issue 27).
 */
export const ZPublicUser = ZUser.pick({
  id: true,
  name: true,
  usertype_id: true,
  usertype: true,
  profile_image_url: true,
  bio: true,
  created_at: true,
  phone_number: true,
  company: true,
}).extend({ email: z.string().nullable(), trust: ZTrust });
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZAdmin = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  profile_image_url: z.string().nullable(),
  created_at: z.string(),
});
export type TAdmin = z.infer<typeof ZAdmin>;

/** Spec §5 "Personal details" and §7 POST /user/profile (a picture is a new file or the old URL kept). */
export const ZProfileUpdate = z.object({
  name: z.string({ message: USER_MESSAGES.nameRequired }).trim().min(1, USER_MESSAGES.nameRequired).max(120),
  /**
   * Required (spec §5) of every account that has an email; an account created by phone may leave it blank until it
   * adds one, and an email once added cannot be removed (decision 068). The API applies the rule.
   */
  email: z.preprocess(blankAsUndefined, ZEmail.optional()),
  phone_number: ZRequiredPhoneNumber,
  bio: optionalText(1000),
  company: z
    .object({
      address: optionalText(300),
      description: optionalText(2000),
      latitude: optionalCoordinate,
      longitude: optionalCoordinate,
    })
    .optional(),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** Spec §5 "Change password". */
export const ZPasswordChange = z
  .object({
    old_password: z.string({ message: USER_MESSAGES.oldPasswordRequired }).min(1, USER_MESSAGES.oldPasswordRequired),
    new_password: z
      .string({ message: USER_MESSAGES.newPasswordRequired })
      .min(1, USER_MESSAGES.newPasswordRequired)
      .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordMin)
      .max(200),
    new_password_confirmation: z
      .string({ message: USER_MESSAGES.confirmationRequired })
      .min(1, USER_MESSAGES.confirmationRequired),
  })
  .refine((body) => body.new_password === body.new_password_confirmation, {
    message: USER_MESSAGES.passwordsMatch,
    path: ["new_password_confirmation"],
  });
export type TPasswordChange = z.infer<typeof ZPasswordChange>;

/** Spec §5 "Company upgrade": address and description required. */
export const ZCompanyUpgrade = z.object({
  address: z.string({ message: USER_MESSAGES.addressRequired }).trim().min(1, USER_MESSAGES.addressRequired).max(300),
  description: z
    .string({ message: USER_MESSAGES.descriptionRequired })
    .trim()
    .min(1, USER_MESSAGES.descriptionRequired)
    .max(2000),
  latitude: optionalCoordinate,
  longitude: optionalCoordinate,
});
export type TCompanyUpgrade = z.infer<typeof ZCompanyUpgrade>;
