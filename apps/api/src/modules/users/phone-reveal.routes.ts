import { envelope } from "@waterside/shared/api-envelope";
import { TRUST_MESSAGES, ZPhoneRevealChoice } from "@waterside/shared/trust";
import { ZUser } from "@waterside/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Database } from "../../db/database.ts";
import { currentUser } from "../../plugins/auth.ts";
import { createPhoneRevealChoice } from "./phone-reveal-choice.ts";

export const phoneRevealRoutes: FastifyPluginAsyncZod<{ db: Database; mediaBaseUrl: string }> = async (
  app,
  { db, mediaBaseUrl },
) => {
  const choice = createPhoneRevealChoice(db, mediaBaseUrl);
  app.put(
    "/user/phone-reveal",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["users"],
        summary: "The seller's choice: buyers may reveal the phone number (true) or must chat first (false)",
        body: ZPhoneRevealChoice,
        response: { 200: envelope(ZUser) },
      },
    },
    async (request) => ({
      data: await choice.set(currentUser(request).userId, request.body.phone_revealable),
      message: TRUST_MESSAGES.phoneRevealSaved,
    }),
  );
};
