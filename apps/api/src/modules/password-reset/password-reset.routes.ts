import { envelope } from "@waterside/shared/api-envelope";
import { PASSWORD_RESET_MESSAGES } from "@waterside/shared/password-reset-messages";
import { ZResetPassword, ZSendResetCode } from "@waterside/shared/password-reset";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { HOUR, MINUTE, emailKey, ipKey, limit } from "../../plugins/rate-limit.ts";
import type { PasswordResetService } from "./password-reset.service.ts";

/**
 * docs/decisions/017-password-reset-and-mail.md. Per email, codes are few: with 5 tries per code, a guesser
 * gets at most 50 of the 10,000 codes a day.
 */
export const PASSWORD_RESET_RATE_LIMITS = {
  sendPerIp: { max: 20, timeWindow: HOUR },
  sendPerEmailHourly: { max: 5, timeWindow: HOUR },
  sendPerEmailDaily: { max: 10, timeWindow: 24 * HOUR },
  resetPerIp: { max: 30, timeWindow: 15 * MINUTE },
  resetPerEmail: { max: 10, timeWindow: 15 * MINUTE },
} as const;

export const passwordResetRoutes: FastifyPluginAsyncZod<{ passwordReset: PasswordResetService }> = async (
  app,
  { passwordReset },
) => {
  app.post(
    "/password-reset/send-reset-code",
    {
      preHandler: [
        limit(app, { ...PASSWORD_RESET_RATE_LIMITS.sendPerIp, key: ipKey("reset-send") }),
        limit(app, { ...PASSWORD_RESET_RATE_LIMITS.sendPerEmailHourly, key: emailKey("reset-send-hour") }),
        limit(app, { ...PASSWORD_RESET_RATE_LIMITS.sendPerEmailDaily, key: emailKey("reset-send-day") }),
      ],
      schema: {
        tags: ["password-reset"],
        summary: "Mails a 4-digit reset code to the email, if registered (the reply is the same either way)",
        body: ZSendResetCode,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await passwordReset.sendResetCode(request.body.email);
      return { data: null, message: PASSWORD_RESET_MESSAGES.codeSent };
    },
  );

  app.post(
    "/password-reset/reset",
    {
      preHandler: [
        limit(app, { ...PASSWORD_RESET_RATE_LIMITS.resetPerIp, key: ipKey("reset") }),
        limit(app, { ...PASSWORD_RESET_RATE_LIMITS.resetPerEmail, key: emailKey("reset") }),
      ],
      schema: {
        tags: ["password-reset"],
        summary: "Sets a new password with the mailed code and signs the user out everywhere",
        body: ZResetPassword,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await passwordReset.resetPassword(request.body);
      return { data: null, message: PASSWORD_RESET_MESSAGES.passwordReset };
    },
  );
};
