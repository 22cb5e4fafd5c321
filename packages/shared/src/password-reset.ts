import { z } from "zod";
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH } from "./auth-messages.ts";
import { RESET_CODE_LENGTH } from "./password-reset-messages.ts";

/** Spec §5 "Forgot password": 'Email is required'. */
const ZResetEmail = z
  .string({ message: AUTH_MESSAGES.emailRequiredShort })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequiredShort)
  .max(254)
  .pipe(z.email({ message: AUTH_MESSAGES.emailInvalid }));

export const ZSendResetCode = z.object({ email: ZResetEmail });
export type TSendResetCode = z.infer<typeof ZSendResetCode>;

/** Spec §5 "Forgot password": code required, exactly 4 digits; new password required, at least 8. */
export const ZResetPassword = z
  .object({
    email: ZResetEmail,
    // A JSON client may send the code as a number.
    code: z.preprocess(
      (value) => (typeof value === "number" ? String(value) : value),
      z
        .string({ message: AUTH_MESSAGES.codeRequired })
        .trim()
        .min(1, AUTH_MESSAGES.codeRequired)
        .regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), AUTH_MESSAGES.codeFormat),
    ),
    password: z
      .string({ message: AUTH_MESSAGES.passwordRequiredShort })
      .min(1, AUTH_MESSAGES.passwordRequiredShort)
      .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordMin)
      .max(200),
    password_confirmation: z.string().optional(),
  })
  .refine((body) => body.password_confirmation === undefined || body.password_confirmation === body.password, {
    message: AUTH_MESSAGES.passwordsMatch,
    path: ["password_confirmation"],
  });
export type TResetPassword = z.infer<typeof ZResetPassword>;
