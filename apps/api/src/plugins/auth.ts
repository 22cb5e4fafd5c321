import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ADMIN_MESSAGES } from "@waterside/shared/admin-messages";
import { AUTH_MESSAGES } from "@waterside/shared/auth-messages";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import type { Database } from "../db/database.ts";
import { admins } from "../db/schema/admin-auth.ts";
import { authSessions } from "../db/schema/auth.ts";
import { users } from "../db/schema/users.ts";
import type { AccessClaims, TokenService } from "../modules/auth/tokens.ts";
import { HttpError } from "./errors.ts";
import { createSessionChecks } from "./session-checks.ts";

export interface UserPrincipal {
  kind: "user";
  userId: number;
  usertypeId: number;
  sessionId: string;
}
export interface AdminPrincipal {
  kind: "admin";
  adminId: number;
  sessionId: string;
}
export type RequestPrincipal = UserPrincipal | AdminPrincipal;

/** Why a present token was refused, so the reply can say it (a banned user is told, not just bounced). */
type Resolution = { principal: RequestPrincipal } | { refused: string };

declare module "fastify" {
  interface FastifyInstance {
    tokens: TokenService;
    /** Resolves a bearer token (without "Bearer ") to a principal whose session still stands, or null. */
    resolveToken(token: string): Promise<RequestPrincipal | null>;
    /** preHandler: only a signed-in, active user passes (401 otherwise; 403 for an admin token). */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** preHandler: only a signed-in admin passes (401 otherwise; 403 for a user token). */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** Set for every request carrying a valid token; public routes read it for is_saved and the like. */
    principal: RequestPrincipal | null;
    /** Message for a token that was present but refused (expired, revoked, banned). */
    authRefusal: string | null;
  }
}

/** Reads `Authorization: Bearer …`; a bad or revoked token makes a visitor on public routes, 401 elsewhere. */
export const authPlugin = fp(async (app: FastifyInstance, { db, tokens }: { db: Database; tokens: TokenService }) => {
  // A signed-in reader's token is checked once per process and a few seconds, not on every request (decision 098).
  const checks = createSessionChecks<Resolution>(db, tokens, { passes: (resolution) => "principal" in resolution });

  async function resolve(token: string): Promise<Resolution> {
    const kept = checks.get(token);
    if (kept) return kept;
    const claims = await tokens.verifyAccess(token);
    if (!claims) return { refused: AUTH_MESSAGES.sessionExpired };
    const check = lookUp(claims);
    checks.keep(
      token,
      check,
      [`s:${claims.sessionId}`, claims.kind === "user" ? `u:${claims.subjectId}` : `a:${claims.subjectId}`],
      claims.expiresAt,
    );
    return check;
  }

  /** Whether the session a valid token names still stands, and its user or admin may still act. */
  async function lookUp(claims: AccessClaims): Promise<Resolution> {
    if (claims.kind === "admin") {
      const [row] = await db
        .select({ id: admins.id, status: admins.status, revoked_at: authSessions.revoked_at })
        .from(authSessions)
        .innerJoin(admins, eq(admins.id, authSessions.admin_id))
        .where(and(eq(authSessions.id, claims.sessionId), eq(authSessions.admin_id, claims.subjectId)));
      if (!row) return { refused: AUTH_MESSAGES.sessionExpired };
      // A suspension revokes the sessions too (decision 057), but the status is read with every check all the same:
      // a session a login opened while the suspension was being written would otherwise outlive it.
      if (row.status === "Suspended") return { refused: ADMIN_MESSAGES.adminSuspended };
      if (row.revoked_at) return { refused: AUTH_MESSAGES.sessionExpired };
      return { principal: { kind: "admin", adminId: row.id, sessionId: claims.sessionId } };
    }
    // One indexed lookup per token and process, kept until a ban, a logout or the like is announced (decision 098).
    const [row] = await db
      .select({
        id: users.id,
        usertype_id: users.usertype_id,
        status_id: users.status_id,
        deleted_at: users.deleted_at,
        revoked_at: authSessions.revoked_at,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.user_id))
      .where(and(eq(authSessions.id, claims.sessionId), eq(authSessions.user_id, claims.subjectId)));
    if (!row || row.deleted_at) return { refused: AUTH_MESSAGES.sessionExpired };
    // A ban revokes the sessions too (decision 050); its tokens are still told why they stopped working.
    if (row.status_id === USER_STATUS.banned) return { refused: AUTH_MESSAGES.accountBanned };
    if (row.revoked_at) return { refused: AUTH_MESSAGES.sessionExpired };
    return {
      principal: { kind: "user", userId: row.id, usertypeId: row.usertype_id, sessionId: claims.sessionId },
    };
  }

  app.decorate("tokens", tokens);
  app.decorate("resolveToken", async (token: string) => {
    const resolution = await resolve(token);
    return "principal" in resolution ? resolution.principal : null;
  });
  app.decorateRequest("principal", null);
  app.decorateRequest("authRefusal", null);

  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match) return;
    const resolution = await resolve(match[1]!);
    if ("principal" in resolution) request.principal = resolution.principal;
    else request.authRefusal = resolution.refused;
  });

  app.decorate("requireUser", async (request: FastifyRequest) => {
    if (request.principal?.kind === "user") return;
    if (request.principal?.kind === "admin") throw new HttpError(403, "This needs a user account, not an admin one.");
    throw new HttpError(401, request.authRefusal ?? "Please log in to continue.");
  });
  app.decorate("requireAdmin", async (request: FastifyRequest) => {
    if (request.principal?.kind === "admin") return;
    if (request.principal?.kind === "user") throw new HttpError(403, "This needs an admin account.");
    throw new HttpError(401, request.authRefusal ?? "Please log in to continue.");
  });
});

/** The signed-in user of a route guarded by `app.requireUser`. */
export function currentUser(request: FastifyRequest): UserPrincipal {
  if (request.principal?.kind !== "user") throw new HttpError(401, "Please log in to continue.");
  return request.principal;
}

/** The signed-in admin of a route guarded by `app.requireAdmin`. */
export function currentAdmin(request: FastifyRequest): AdminPrincipal {
  if (request.principal?.kind !== "admin") throw new HttpError(401, "Please log in to continue.");
  return request.principal;
}

/**
 * Puts a guard first in the `onRequest` of every route registered in this scope from now on, so a route added
 * there later cannot forget it; the route options show it, so the OpenAPI document marks it too.
 */
export function guardEveryRoute(
  scope: FastifyInstance,
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
) {
  scope.addHook("onRoute", (route) => {
    route.onRequest = [guard, ...[route.onRequest ?? []].flat()];
  });
}
