import { hash, verify } from "@node-rs/argon2";
import { ZAuthorization, ZLoginCredentials, ZLogout, ZRefresh } from "@waterside/shared/auth";
import { ADMIN_MESSAGES } from "@waterside/shared/admin-messages";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { envelope } from "@waterside/shared/api-envelope";
import { ZAdmin } from "@waterside/shared/users";
import { ZAdminLoginResult, ZAdminTwoFactorSignedIn, ZAdminTwoFactorVerify } from "@waterside/shared/admin-two-factor";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/database.ts";
import { admins } from "../../db/schema/admin-auth.ts";
import { emailEquals } from "../../db/schema/users.ts";
import { currentAdmin } from "../../plugins/auth.ts";
import { HttpError } from "../../plugins/errors.ts";
import { emailKey, ipKey, limit } from "../../plugins/rate-limit.ts";
import { AUTH_RATE_LIMITS } from "../auth/auth.routes.ts";
import { toAdminResource } from "../users/user-resource.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { createAdminTwoFactor } from "./admin-two-factor.ts";

const decoyHash = hash("decoy password that never matches");

/**
 * Admins sign in apart from users (spec second document: /admin/auth/*); their tokens open admin routes only. With the
 * second factor (issue 27, decision 071) a right password answers a challenge, spent by `POST /admin/auth/two-factor`.
 */
export const adminSignInRoutes: FastifyPluginAsyncZod<{
  db: Database;
  mediaBaseUrl: string;
  /** ADMIN_TOTP (config.adminTotpRequired): admins without an authenticator must set one up. */
  totpRequired: boolean;
  /** The admin module's audit record, in this admin's name (enrolment, a recovery code spent). */
  audit: (adminId: number) => RecordChange;
}> = async (app, { db, mediaBaseUrl, totpRequired, audit }) => {
  const twoFactor = createAdminTwoFactor({ db, tokens: app.tokens, mediaBaseUrl, required: totpRequired, audit });

  app.post(
    "/admin/auth/login",
    {
      preHandler: [
        limit(app, { ...AUTH_RATE_LIMITS.loginPerIp, key: ipKey("admin-login") }),
        limit(app, {
          ...AUTH_RATE_LIMITS.loginPerAccountAndIp,
          key: (request) => `${emailKey("admin-login-here")(request)}:ip:${request.ip}`,
        }),
        limit(app, { ...AUTH_RATE_LIMITS.loginPerAccount, key: emailKey("admin-login") }),
      ],
      schema: {
        tags: ["admin"],
        summary: "Admin sign-in, step 1: the password",
        description:
          "A right password answers the signed-in body only when no second factor is due (ADMIN_TOTP off outside " +
          "production and no authenticator set up). Otherwise it answers a challenge: `two_factor: 'code'` for an " +
          "admin with an authenticator, `two_factor: 'enrol'` with the authenticator's setup (secret, otpauth URL, " +
          "QR code as SVG) at the first sign-in. Send the challenge token and a code to POST /admin/auth/two-factor.",
        body: ZLoginCredentials,
        response: { 200: envelope(ZAdminLoginResult) },
      },
    },
    async (request) => {
      const { email, password, device_id, remember_me } = request.body;
      const [admin] = await db.select().from(admins).where(emailEquals(admins.email, email));
      // An unknown email costs a hash check too, so timing does not tell which emails are admins.
      const valid = await verify(admin?.password_hash ?? (await decoyHash), password).catch(() => false);
      if (!admin || !valid) {
        throw new HttpError(422, AUTH_MESSAGES.invalidCredentials, { email: [AUTH_MESSAGES.invalidCredentials] });
      }
      // Told only after the password matched, as a banned user is (403): a stranger learns nothing from it.
      if (admin.status === "Suspended") throw new HttpError(403, ADMIN_MESSAGES.adminSuspended);
      return { data: await twoFactor.afterPassword(admin, device_id, remember_me) };
    },
  );

  app.post(
    "/admin/auth/two-factor",
    {
      // Wrong codes are held like wrong passwords: per address here, per admin and per challenge in the service.
      preHandler: limit(app, { ...AUTH_RATE_LIMITS.loginPerIp, key: ipKey("admin-two-factor") }),
      schema: {
        tags: ["admin"],
        summary: "Admin sign-in, step 2: the code from the authenticator app, or a recovery code",
        description:
          "Spends the challenge of POST /admin/auth/login (valid 5 minutes, once; void after 5 wrong codes) with " +
          "`code` (6 digits, RFC 6238) or `recovery_code` (single use). Answers the login body; at enrolment it adds " +
          "`recovery_codes`, 10 codes shown this once. A code already used to sign in is refused (422): wait for the " +
          "next one. More than 10 wrong codes of one admin in 15 minutes answer 429.",
        body: ZAdminTwoFactorVerify,
        response: { 200: envelope(ZAdminTwoFactorSignedIn) },
      },
    },
    async (request) => ({ data: await twoFactor.verify(request.body) }),
  );

  app.post(
    "/admin/auth/refresh",
    {
      preHandler: limit(app, { ...AUTH_RATE_LIMITS.refreshPerIp, key: ipKey("admin-refresh") }),
      schema: {
        tags: ["admin"],
        summary: "Exchanges an admin refresh token for a new pair",
        body: ZRefresh,
        response: { 200: envelope(z.object({ authorization: ZAuthorization })) },
      },
    },
    async (request) => {
      const outcome = await app.tokens.refresh(request.body.refresh_token, request.body.device_id, "admin");
      if (!outcome.ok || outcome.principal.kind !== "admin") throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      // A suspension revokes the sessions (then the refresh above fails); this covers one opened while it was written.
      const [admin] = await db
        .select({ status: admins.status })
        .from(admins)
        .where(eq(admins.id, outcome.principal.adminId));
      if (admin?.status === "Suspended") {
        await app.tokens.revokeSession(outcome.sessionId);
        throw new HttpError(403, ADMIN_MESSAGES.adminSuspended);
      }
      return { data: { authorization: outcome.authorization } };
    },
  );
};

/** Routes of a signed-in admin; registered inside the admin scope, whose guard they cannot forget. */
export const adminSessionRoutes: FastifyPluginAsyncZod<{ db: Database; mediaBaseUrl: string }> = async (
  app,
  { db, mediaBaseUrl },
) => {
  app.post(
    "/admin/auth/logout",
    {
      schema: { tags: ["admin"], summary: "Ends the admin session of this device", body: ZLogout },
    },
    async (request) => {
      await app.tokens.revokeSession(currentAdmin(request).sessionId);
      return { data: null, message: "Logged out." };
    },
  );

  app.get(
    "/admin/auth/me",
    {
      schema: { tags: ["admin"], summary: "The signed-in admin", response: { 200: envelope(ZAdmin) } },
    },
    async (request) => {
      const [admin] = await db
        .select()
        .from(admins)
        .where(eq(admins.id, currentAdmin(request).adminId));
      return { data: toAdminResource(admin!, mediaBaseUrl) };
    },
  );
};
