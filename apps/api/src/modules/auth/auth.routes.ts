import { AUTH_MESSAGES } from "@waterside/shared/auth-limits";
import {
  ZAuthorization,
  ZLoginCredentials,
  ZLogout,
  ZRefresh,
  ZRegister,
  ZValidateCredentials,
} from "@waterside/shared/auth";
import { envelope } from "@waterside/shared/api-envelope";
import { ZUser } from "@waterside/shared/users";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { HOUR, MINUTE, emailKey, ipKey, limit } from "../../plugins/rate-limit.ts";
import type { AuthService } from "./auth.service.ts";

/** Limits of docs/decisions/016-rate-limits.md. Per IP stays generous: mobile carriers share IPs widely. */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { max: 60, timeWindow: 15 * MINUTE },
  loginPerAccount: { max: 10, timeWindow: 15 * MINUTE },
  refreshPerIp: { max: 120, timeWindow: 15 * MINUTE },
  registerPerIp: { max: 10, timeWindow: HOUR },
  emailCheckPerIp: { max: 30, timeWindow: 15 * MINUTE },
} as const;

const ZSignedIn = envelope(z.object({ user: ZUser, authorization: ZAuthorization }));
const ZRegisterImages = z.object({
  images: z
    .object({
      profile_image: z.instanceof(Buffer).optional(),
      banner_image: z.instanceof(Buffer).optional(),
    })
    .optional(),
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    "/auth/register/validate-credentials",
    {
      preHandler: limit(app, { ...AUTH_RATE_LIMITS.emailCheckPerIp, key: ipKey("email-check") }),
      schema: {
        tags: ["auth"],
        summary: "Whether an email can register (step 1 of registration)",
        body: ZValidateCredentials,
        response: { 200: envelope(z.object({ email: z.string() })) },
      },
    },
    async (request) => {
      await auth.assertEmailAvailable(request.body.email);
      return { data: { email: request.body.email }, message: "Email is available." };
    },
  );

  app.post(
    "/auth/register",
    {
      preHandler: limit(app, { ...AUTH_RATE_LIMITS.registerPerIp, key: ipKey("register") }),
      schema: {
        tags: ["auth"],
        summary: "Registers an individual or business user and signs in on the device",
        body: z.intersection(ZRegister, ZRegisterImages),
        response: { 201: ZSignedIn },
      },
    },
    async (request, reply) => {
      const { images = {}, ...input } = request.body;
      const data = await auth.register(input, images);
      return reply.status(201).send({ data, message: AUTH_MESSAGES.registered });
    },
  );

  app.post(
    "/auth/login",
    {
      preHandler: [
        limit(app, { ...AUTH_RATE_LIMITS.loginPerIp, key: ipKey("login") }),
        limit(app, { ...AUTH_RATE_LIMITS.loginPerAccount, key: emailKey("login") }),
      ],
      schema: {
        tags: ["auth"],
        summary: "Signs in with email and password on a device",
        body: ZLoginCredentials,
        response: { 200: ZSignedIn },
      },
    },
    async (request) => ({ data: await auth.login(request.body) }),
  );

  app.post(
    "/auth/refresh",
    {
      preHandler: limit(app, { ...AUTH_RATE_LIMITS.refreshPerIp, key: ipKey("refresh") }),
      schema: {
        tags: ["auth"],
        summary: "Exchanges a refresh token for a new pair (the old one stops working)",
        body: ZRefresh,
        response: { 200: envelope(z.object({ authorization: ZAuthorization })) },
      },
    },
    async (request) => ({
      data: { authorization: await auth.refresh(request.body.refresh_token, request.body.device_id) },
    }),
  );

  app.post(
    "/auth/logout",
    {
      preHandler: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "Ends the session of this device",
        body: ZLogout,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await app.tokens.revokeSession(currentUser(request).sessionId);
      return { data: null, message: "Logged out." };
    },
  );
};
