import { createHash } from "node:crypto";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { ZAuthorization, ZLogout, ZRefresh, ZRegister, ZValidateCredentials } from "@waterside/shared/auth";
import { envelope } from "@waterside/shared/api-envelope";
import { ZAuthProviders, ZLogin } from "@waterside/shared/social-auth";
import { ZUser } from "@waterside/shared/users";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser } from "../../plugins/auth.ts";
import { HOUR, MINUTE, emailKey, ipKey, limit, unlessKnownDevice } from "../../plugins/rate-limit.ts";
import type { AuthService } from "./auth.service.ts";
import type { SocialSignIn } from "./social/social-sign-in.ts";

/** Limits of docs/decisions/016-rate-limits.md. Per IP stays generous: mobile carriers share IPs widely. */
export const AUTH_RATE_LIMITS = {
  loginPerIp: { max: 60, timeWindow: 15 * MINUTE },
  /** Guessing one account from one address. */
  loginPerAccountAndIp: { max: 10, timeWindow: 15 * MINUTE },
  /** Guessing one account from many addresses; a device that has signed in to it before is not held to it. */
  loginPerAccount: { max: 50, timeWindow: HOUR },
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

/**
 * Per-account key of a login: the email, or for a provider's token the token itself. A token cannot be
 * guessed (the provider vouches for it), so social sign-ins from one shared carrier address are held only to
 * the per-IP limit.
 */
const loginAccountKey = (prefix: string) => (request: FastifyRequest) => {
  const body = request.body as { provider?: string; token?: string; code?: string };
  if (!body.provider || body.provider === "password") return emailKey(prefix)(request);
  const secret = createHash("sha256")
    .update(body.token ?? body.code ?? "")
    .digest("base64url");
  return `${prefix}:${body.provider}:${secret}`;
};

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; social: SocialSignIn }> = async (
  app,
  { auth, social },
) => {
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
        limit(app, {
          ...AUTH_RATE_LIMITS.loginPerAccountAndIp,
          key: (request) => `${loginAccountKey("login-here")(request)}:ip:${request.ip}`,
        }),
        unlessKnownDevice(
          limit(app, { ...AUTH_RATE_LIMITS.loginPerAccount, key: loginAccountKey("login") }),
          (request) => {
            const body = request.body as { email?: string; device_id: string; password?: string };
            return body.password !== undefined && body.email ? auth.hasSignedInOn(body.email, body.device_id) : false;
          },
        ),
      ],
      schema: {
        tags: ["auth"],
        summary:
          "Signs in on a device with email and password, or with a Google, Facebook or Apple token (docs/decisions/018-social-sign-in.md)",
        body: ZLogin,
        response: {
          200: envelope(z.object({ user: ZUser, authorization: ZAuthorization, is_new_user: z.boolean().optional() })),
        },
      },
    },
    async (request) => {
      const body = request.body;
      if ("password" in body) return { data: await auth.login(body) };
      const { userId, isNew } = await social.signIn(body);
      return { data: { ...(await auth.signedIn(userId, body.device_id, body.remember_me)), is_new_user: isNew } };
    },
  );

  app.get(
    "/auth/providers",
    {
      schema: {
        tags: ["auth"],
        summary: "Which social sign-in providers are enabled, with the public ids their buttons need",
        response: { 200: envelope(ZAuthProviders) },
      },
    },
    async () => ({ data: social.providers() }),
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
      onRequest: app.requireUser,
      schema: {
        tags: ["auth"],
        summary: "Ends the session of this device",
        body: ZLogout,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { sessionId } = currentUser(request);
      await app.tokens.revokeSession(sessionId);
      app.realtime.disconnectSession(sessionId);
      return { data: null, message: "Logged out." };
    },
  );
};
