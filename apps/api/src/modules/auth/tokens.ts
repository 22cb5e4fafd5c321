import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { SignJWT, jwtVerify } from "jose";
import type { TAuthorization } from "@waterside/shared/auth";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_REMEMBER_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from "@waterside/shared/auth-messages";
import type { Database } from "../../db/database.ts";
import { authSessions, refreshTokens } from "../../db/schema/auth.ts";

/** Who a token speaks for. User and admin tokens are never interchangeable. */
export type Principal = { kind: "user"; userId: number } | { kind: "admin"; adminId: number };

export interface AccessClaims {
  kind: Principal["kind"];
  subjectId: number;
  sessionId: string;
  /** When the token stops being accepted, in ms since the epoch: a cached check must not outlive it. */
  expiresAt: number;
}

/**
 * The channel a write that ends sessions, or changes what a signed-in request is allowed, is announced on, in the
 * writer's transaction (decision 098): PostgreSQL delivers it after the commit to every process, whose cached session
 * checks (session-checks.ts) drop what it names.
 */
export const SESSIONS_CHANGED_CHANNEL = "sessions_changed";
/** What a change concerns: one session, every session of a user, or every session of an admin. */
export type SessionsChange = `s:${string}` | `u:${number}` | `a:${number}`;

type Executor = Pick<Database, "update" | "execute">;

export type RefreshOutcome =
  | { ok: true; authorization: TAuthorization; principal: Principal; sessionId: string }
  | { ok: false; reason: "unknown" | "expired" | "reused" | "revoked" | "wrong_device" };

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * Access tokens are short-lived signed JWTs naming the session; refresh tokens are opaque, stored hashed,
 * one family (auth session) per device, rotated on every use. Presenting a rotated refresh token again
 * means it was stolen or replayed, so the whole family is revoked (docs/decisions/014-sessions-and-tokens.md).
 */
export function createTokenService(db: Database, tokenSecret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(tokenSecret);
  const localListeners = new Set<(change: SessionsChange) => void>();

  /**
   * Tells this process before the write commits (its cached checks of what the write concerns go, and none is kept
   * for a while, so no request keeps the state the write ends), then every process at the commit through PostgreSQL.
   * Without a transaction, call it before the write.
   */
  async function announce(executor: Pick<Database, "execute">, change: SessionsChange) {
    for (const listener of localListeners) listener(change);
    await executor.execute(sql`select pg_notify(${SESSIONS_CHANGED_CHANNEL}, ${change})`);
  }

  async function signAccess(principal: Principal, sessionId: string) {
    const subject = principal.kind === "user" ? principal.userId : principal.adminId;
    return new SignJWT({ typ: principal.kind, sid: sessionId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(subject))
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(now().getTime() / 1000) + ACCESS_TOKEN_TTL_SECONDS)
      .sign(key);
  }

  async function issueRefresh(sessionId: string, rememberMe: boolean, executor: Pick<Database, "insert"> = db) {
    const ttl = rememberMe ? REFRESH_TOKEN_REMEMBER_TTL_SECONDS : REFRESH_TOKEN_TTL_SECONDS;
    const token = randomBytes(32).toString("base64url");
    await executor.insert(refreshTokens).values({
      session_id: sessionId,
      token_hash: sha256(token),
      expires_at: new Date(now().getTime() + ttl * 1000),
    });
    return { token, ttl };
  }

  async function revokeOnDevice(executor: Executor, principal: Principal, deviceId: string) {
    const revoked = await executor
      .update(authSessions)
      .set({ revoked_at: now() })
      .where(
        and(
          principal.kind === "user"
            ? eq(authSessions.user_id, principal.userId)
            : eq(authSessions.admin_id, principal.adminId),
          eq(authSessions.device_id, deviceId),
          isNull(authSessions.revoked_at),
        ),
      )
      .returning({ id: authSessions.id });
    // The sessions this device leaves, not the principal's: their other devices' checks stay kept. Still before the
    // commit, which is what the fence needs.
    for (const { id } of revoked) await announce(executor, `s:${id}`);
  }

  async function authorization(principal: Principal, sessionId: string, refresh: { token: string; ttl: number }) {
    return {
      token: await signAccess(principal, sessionId),
      type: "Bearer" as const,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refresh.token,
      refresh_expires_in: refresh.ttl,
    };
  }

  return {
    /**
     * Signs a principal in on a device. An earlier session of the same principal on the same device is
     * revoked: one family per device. Without a device (registration), the first refresh names it.
     */
    async startSession(
      principal: Principal,
      deviceId: string | undefined,
      rememberMe = false,
    ): Promise<TAuthorization> {
      // Both owner columns are named: an insert never reads a column the code left out.
      const owner =
        principal.kind === "user"
          ? { user_id: principal.userId, admin_id: null }
          : { user_id: null, admin_id: principal.adminId };
      const sessionId = await db.transaction(async (tx) => {
        if (deviceId !== undefined) await revokeOnDevice(tx, principal, deviceId);
        const [session] = await tx
          .insert(authSessions)
          .values({ ...owner, device_id: deviceId ?? null, remember_me: rememberMe })
          .returning({ id: authSessions.id });
        return session!.id;
      });
      return authorization(principal, sessionId, await issueRefresh(sessionId, rememberMe));
    },

    /** Exchanges a refresh token for a new pair. Reuse of a rotated token revokes its whole family. */
    async refresh(refreshToken: string, deviceId: string, kind: Principal["kind"]): Promise<RefreshOutcome> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            id: refreshTokens.id,
            expires_at: refreshTokens.expires_at,
            rotated_at: refreshTokens.rotated_at,
            session_id: authSessions.id,
            device_id: authSessions.device_id,
            revoked_at: authSessions.revoked_at,
            remember_me: authSessions.remember_me,
            user_id: authSessions.user_id,
            admin_id: authSessions.admin_id,
          })
          .from(refreshTokens)
          .innerJoin(authSessions, eq(authSessions.id, refreshTokens.session_id))
          .where(eq(refreshTokens.token_hash, sha256(refreshToken)))
          .for("update");
        if (!row) return { ok: false, reason: "unknown" } as const;
        const principal: Principal | null =
          kind === "user" && row.user_id !== null
            ? { kind: "user", userId: row.user_id }
            : kind === "admin" && row.admin_id !== null
              ? { kind: "admin", adminId: row.admin_id }
              : null;
        if (!principal) return { ok: false, reason: "unknown" } as const;
        if (row.revoked_at) return { ok: false, reason: "revoked" } as const;
        if (row.rotated_at) {
          await announce(tx, `s:${row.session_id}`);
          await tx.update(authSessions).set({ revoked_at: now() }).where(eq(authSessions.id, row.session_id));
          return { ok: false, reason: "reused" } as const;
        }
        if (row.expires_at <= now()) return { ok: false, reason: "expired" } as const;
        if (row.device_id === null) {
          // A session opened by registration belongs to the first device that refreshes it.
          await revokeOnDevice(tx, principal, deviceId);
          await tx.update(authSessions).set({ device_id: deviceId }).where(eq(authSessions.id, row.session_id));
        } else if (row.device_id !== deviceId) {
          return { ok: false, reason: "wrong_device" } as const;
        }

        await tx.update(refreshTokens).set({ rotated_at: now() }).where(eq(refreshTokens.id, row.id));
        const next = await issueRefresh(row.session_id, row.remember_me, tx);
        return {
          ok: true,
          principal,
          sessionId: row.session_id,
          authorization: await authorization(principal, row.session_id, next),
        } as const;
      });
    },

    /** Verifies an access token's signature and expiry. Whether its session still stands is the caller's check. */
    async verifyAccess(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: now() });
        const kind = payload.typ;
        const subjectId = Number(payload.sub);
        if ((kind !== "user" && kind !== "admin") || !Number.isInteger(subjectId) || typeof payload.sid !== "string") {
          return null;
        }
        return { kind, subjectId, sessionId: payload.sid, expiresAt: (payload.exp ?? 0) * 1000 };
      } catch {
        return null;
      }
    },

    async revokeSession(sessionId: string) {
      await announce(db, `s:${sessionId}`);
      await db
        .update(authSessions)
        .set({ revoked_at: now() })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revoked_at)));
    },

    /**
     * Ends every session of a user (password change, ban, account deletion), optionally keeping one; returns the
     * sessions it ended.
     */
    async revokeUserSessions(userId: number, except?: string, executor: Executor = db) {
      await announce(executor, `u:${userId}`);
      const revoked = await executor
        .update(authSessions)
        .set({ revoked_at: now() })
        .where(
          and(
            eq(authSessions.user_id, userId),
            isNull(authSessions.revoked_at),
            except ? ne(authSessions.id, except) : undefined,
          ),
        )
        .returning({ id: authSessions.id });
      return revoked.map((session) => session.id);
    },

    /** How many sessions of a user are open: what a ban is about to end, for the admin's record (decision 050). */
    /**
     * Announces a write to a user that a signed-in request reads (their type: a company may request payments), in the
     * writer's transaction, so cached checks read it again.
     */
    async userChanged(userId: number, executor: Pick<Database, "execute"> = db) {
      await announce(executor, `u:${userId}`);
    },

    /** Calls `listener` in this process with each change announced here, before its write commits. */
    onLocalChange(listener: (change: SessionsChange) => void) {
      localListeners.add(listener);
      return () => localListeners.delete(listener);
    },

    /** The clock tokens are signed and verified by: a cached check ends with its token's expiry on this clock. */
    now,

    async countOpenUserSessions(userId: number, executor: Pick<Database, "$count"> = db) {
      return executor.$count(authSessions, and(eq(authSessions.user_id, userId), isNull(authSessions.revoked_at)));
    },

    /** Ends every session of an admin (suspension, decision 057); returns how many were open. */
    async revokeAdminSessions(adminId: number, executor: Executor = db) {
      await announce(executor, `a:${adminId}`);
      const revoked = await executor
        .update(authSessions)
        .set({ revoked_at: now() })
        .where(and(eq(authSessions.admin_id, adminId), isNull(authSessions.revoked_at)))
        .returning({ id: authSessions.id });
      return revoked.length;
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
