/** Profile messages without zod (spec §5 and §8). Those the sign-up forms share are AUTH_MESSAGES' own strings. */
import { AUTH_MESSAGES } from "./auth-messages.ts";

export const USER_MESSAGES = {
  nameRequired: AUTH_MESSAGES.nameRequired,
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  emailTaken: AUTH_MESSAGES.emailTaken,
  phoneInvalid: AUTH_MESSAGES.phoneInvalid,
  passwordMin: AUTH_MESSAGES.passwordMin,
  passwordsMatch: AUTH_MESSAGES.passwordsMatch,
  oldPasswordRequired: "Current password is required",
  newPasswordRequired: "New password is required",
  confirmationRequired: "Please confirm the new password",
  oldPasswordWrong: "The current password is incorrect.",
  addressRequired: "Address is required",
  descriptionRequired: "Description is required",
  alreadyCompany: "This account is already a company account.",
  updated: "Updated!",
  deleted: "Deleted!",
} as const;
