import { envelope } from "@waterside/shared/api-envelope";
import { ZAdIdParams } from "@waterside/shared/ads";
import { PHONE_REVEALS_PER_DAY, ZRevealedPhone } from "@waterside/shared/trust";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import type { PhoneRevealsService } from "./phone-reveals.service.ts";

export const phoneRevealsRoutes: FastifyPluginAsyncZod<{ reveals: PhoneRevealsService }> = async (app, { reveals }) => {
  app.post(
    "/ads/:id/phone",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["ads"],
        summary:
          "Reveals the seller's phone number to a signed-in buyer with a verified phone (issue 27, decision 072): 403 " +
          `when the buyer's phone is not verified or the seller prefers chat, 422 when the seller has no number, 429 ` +
          `past ${PHONE_REVEALS_PER_DAY} ads a day (the same ad again the same day does not count). Each reveal is ` +
          "a contact in the seller's Insights",
        params: ZAdIdParams,
        response: { 200: envelope(ZRevealedPhone) },
      },
    },
    async (request) => ({ data: await reveals.reveal(request.params.id, currentUser(request).userId) }),
  );
};
