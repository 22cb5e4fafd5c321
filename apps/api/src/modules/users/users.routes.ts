import { envelope } from "@waterside/shared/api-envelope";
import { zId } from "@waterside/shared/ids";
import { ZDeviceId } from "@waterside/shared/auth";
import { ZCompanyUpgrade, ZPasswordChange, ZProfileUpdate, ZPublicUser, ZUser } from "@waterside/shared/users";
import { USER_MESSAGES } from "@waterside/shared/users-messages";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { HOUR, MINUTE, ipKey, limit, userKey } from "../../plugins/rate-limit.ts";
import { PATCH_OR_OVERRIDE } from "../../plugins/request-body.ts";
import type { UsersService } from "./users.service.ts";

/** docs/decisions/033-contact-details.md: generous per address (carriers share them), tighter per account. */
export const USERS_RATE_LIMITS = {
  perIp: { max: 600, timeWindow: 15 * MINUTE },
  perUser: { max: 120, timeWindow: HOUR },
} as const;

const ZPicture = z.object({ new: z.instanceof(Buffer).optional(), old: z.string().optional() }).optional();

export const usersRoutes: FastifyPluginAsyncZod<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    "/user",
    {
      onRequest: app.requireUser,
      schema: { tags: ["users"], summary: "The signed-in user", response: { 200: envelope(ZUser) } },
    },
    async (request) => ({ data: await users.load(currentUser(request).userId) }),
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/user/profile",
    onRequest: app.requireUser,
    schema: {
      tags: ["users"],
      summary: "Updates the signed-in user's personal (and company) details; a picture is a new file or the old URL",
      body: z.intersection(
        ZProfileUpdate,
        z.object({ images: z.object({ profile_image: ZPicture, banner_image: ZPicture }).optional() }),
      ),
      response: { 200: envelope(ZUser) },
    },
    handler: async (request) => {
      const { images = {}, ...input } = request.body;
      const user = await users.updateProfile(currentUser(request).userId, input, images);
      return { data: user, message: USER_MESSAGES.updated };
    },
  });

  app.patch(
    "/user/password",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["users"],
        summary: "Changes the password; the user's other devices are signed out",
        body: ZPasswordChange,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { userId, sessionId } = currentUser(request);
      await users.changePassword(userId, sessionId, request.body);
      return { data: null, message: USER_MESSAGES.updated };
    },
  );

  app.route({
    method: PATCH_OR_OVERRIDE,
    url: "/user/switch-account-type",
    onRequest: app.requireUser,
    schema: {
      tags: ["users"],
      summary: "Upgrades an individual to a company account (there is no way back)",
      body: z.intersection(
        ZCompanyUpgrade,
        z.object({
          banner_image: z.instanceof(Buffer).optional(),
          images: z.object({ banner_image: z.instanceof(Buffer).optional() }).optional(),
        }),
      ),
      response: { 200: envelope(ZUser) },
    },
    handler: async (request) => {
      const { banner_image, images, ...input } = request.body;
      const user = await users.switchToCompany(
        currentUser(request).userId,
        input,
        banner_image ?? images?.banner_image,
      );
      return { data: user, message: USER_MESSAGES.updated };
    },
  });

  app.delete(
    "/user",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["users"],
        summary: "Deletes the signed-in user's account: personal data erased, ads hidden, every device signed out",
        querystring: z.object({ device_id: ZDeviceId.optional(), platform: z.string().max(20).optional() }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await users.deleteAccount(currentUser(request).userId);
      return { data: null, message: USER_MESSAGES.deleted };
    },
  );

  // Contact details are shown to signed-in users: each account reads only so many profiles.
  const perUser = limit(app, { ...USERS_RATE_LIMITS.perUser, key: userKey("profile-contact") });
  const contactReadsPerUser = async (request: FastifyRequest) => {
    if (request.principal?.kind === "user") await perUser(request);
  };

  app.get(
    "/users/:id",
    {
      onRequest: [limit(app, { ...USERS_RATE_LIMITS.perIp, key: ipKey("profile") }), contactReadsPerUser],
      schema: {
        tags: ["users"],
        summary:
          "A seller's or reviewer's public profile with trust figures; the email for signed-in users, the phone number " +
          "for the user themselves only (buyers reveal it with POST /ads/{id}/phone, decision 072)",
        params: z.object({ id: zId() }),
        response: { 200: envelope(ZPublicUser) },
      },
    },
    async (request) => ({
      data: await users.publicProfile(
        request.params.id,
        request.principal?.kind === "user" ? request.principal.userId : undefined,
      ),
    }),
  );
};
