/** Password reset limits and messages without zod. */
/** Spec §9: the reset code is 4 digits. */
export const RESET_CODE_LENGTH = 4;
/** How long a mailed code works, and how many wrong tries void it (docs/decisions/017-password-reset-and-mail.md). */
export const RESET_CODE_TTL_MINUTES = 10;
export const RESET_CODE_MAX_ATTEMPTS = 5;

export const PASSWORD_RESET_MESSAGES = {
  codeSent: "Reset code sent successfully.",
  passwordReset: "Password reset successfully.",
  codeInvalid: "The code is invalid or has expired.",
} as const;
