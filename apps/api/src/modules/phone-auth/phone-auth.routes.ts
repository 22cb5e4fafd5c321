import { ZAuthorization } from "@waterside/shared/auth";
import { envelope } from "@waterside/shared/api-envelope";
import {
  PHONE_AUTH_MESSAGES as M,
  ZPhoneCodeSent,
  ZPhoneSignIn,
  ZSendPhoneCode,
  ZVerifyPhone,
} from "@waterside/shared/phone-auth";
import { ZUser } from "@waterside/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { MINUTE, ipKey, limit } from "../../plugins/rate-limit.ts";
import type { PhoneAuthService } from "./phone-auth.service.ts";

/**
 * Guessing codes across many numbers from one address; one number's code is void after 5 wrong tries already.
 * Generous, as Liberian carriers put many people behind one address (decision 016).
 */
const VERIFY_PER_IP = { max: 60, timeWindow: 15 * MINUTE };

/**
 * The reply {message, expires_in, resend_in}, with the same fields in `data` as every other reply of the API
 * carries them (decision 069).
 */
const ZCodeSentReply = ZPhoneCodeSent.extend({ data: ZPhoneCodeSent });
const codeSentReply = (sent: z.infer<typeof ZPhoneCodeSent>) => ({ ...sent, data: sent });

const CAPS_SUMMARY =
  "429 when a cap is reached: 60 s between codes, per number an hour, per address, per number block, per day";

export const phoneAuthRoutes: FastifyPluginAsyncZod<{ phoneAuth: PhoneAuthService }> = async (app, { phoneAuth }) => {
  app.post(
    "/auth/phone/send-code",
    {
      schema: {
        tags: ["auth"],
        summary: `Sends a 6-digit sign-in code by SMS (valid 10 minutes); 422 'Phone number not valid'; ${CAPS_SUMMARY}`,
        body: ZSendPhoneCode,
        response: { 200: ZCodeSentReply },
      },
    },
    async (request) => codeSentReply(await phoneAuth.sendSignInCode(request.body.phone_number, request.ip)),
  );

  app.post(
    "/auth/phone/verify",
    {
      preHandler: limit(app, { ...VERIFY_PER_IP, key: ipKey("phone-verify") }),
      schema: {
        tags: ["auth"],
        summary:
          "Signs in with the SMS code (POST /auth/login's body); with `name` and the terms, registers a new number. " +
          "A new number without `name`: 422 'Name is required' with registration_required: true, the code kept",
        body: ZPhoneSignIn,
        response: {
          200: envelope(z.object({ user: ZUser, authorization: ZAuthorization, is_new_user: z.boolean().optional() })),
        },
      },
    },
    async (request) => ({ data: await phoneAuth.signIn(request.body) }),
  );

  app.post(
    "/user/phone/send-code",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["users"],
        summary: `Sends a code to verify the signed-in user's number; 409 when another account verified it; ${CAPS_SUMMARY}`,
        body: ZSendPhoneCode,
        response: { 200: ZCodeSentReply },
      },
    },
    async (request) =>
      codeSentReply(
        await phoneAuth.sendVerificationCode(request.body.phone_number, request.ip, currentUser(request).userId),
      ),
  );

  app.post(
    "/user/phone/verify",
    {
      onRequest: app.requireUser,
      preHandler: limit(app, { ...VERIFY_PER_IP, key: ipKey("phone-verify") }),
      schema: {
        tags: ["users"],
        summary:
          "Verifies the number with its code: it becomes the user's phone number, marked verified (409 when taken)",
        body: ZVerifyPhone,
        response: { 200: envelope(ZUser) },
      },
    },
    async (request) => ({
      data: await phoneAuth.verifyForUser(currentUser(request).userId, request.body),
      message: M.phoneVerified,
    }),
  );
};
