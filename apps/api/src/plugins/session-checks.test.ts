import { hash } from "@node-rs/argon2";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authSessions } from "../db/schema/auth.ts";
import { savedAds } from "../db/schema/saved-ads.ts";
import { SESSIONS_CHANGED_CHANNEL } from "../modules/auth/tokens.ts";
import { SAVED_ADS_CHANGED_CHANNEL } from "../modules/saved-ads/saved-ad-ids.ts";
import { authHeaders, createAd, createUser, signedInAdmin, signedInUser } from "../test/factories.ts";
import { useTestApp } from "../test/test-app.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
/** A call only a signed-in user may make: its status says whether the token is still accepted. */
const savedIds = (headers: Headers) => ctx.app.inject({ method: "GET", url: "/api/ads/saved/ids", headers });
const sessionOf = async (headers: Headers) => (await ctx.app.tokens.verifyAccess(headers.authorization!.slice(7)))!;

describe("cached session checks (decision 098)", () => {
  it("keeps a passed check: a revocation written without announcement is not read again within the bound", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    expect((await savedIds(headers)).statusCode).toBe(200);
    // Written as by hand in psql, announcing nothing: the process answers from what it checked.
    const { sessionId } = await sessionOf(headers);
    await ctx.db.update(authSessions).set({ revoked_at: new Date() }).where(eq(authSessions.id, sessionId));
    expect((await savedIds(headers)).statusCode).toBe(200);
    // Announced as another process's write would be: refused as soon as it arrives.
    await ctx.db.execute(sql`select pg_notify(${SESSIONS_CHANGED_CHANNEL}, ${`s:${sessionId}`})`);
    await expect.poll(async () => (await savedIds(headers)).statusCode, { timeout: 2000 }).toBe(401);
  });

  it("refuses a token at once after its sign-out, and keeps the user's other devices", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const other = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    expect((await savedIds(headers)).statusCode).toBe(200);
    expect((await savedIds(other)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers,
      payload: { device_id: "d".repeat(16) },
    });
    expect(out.statusCode).toBe(200);
    const refused = await savedIds(headers);
    expect(refused.statusCode).toBe(401);
    expect((await savedIds(other)).statusCode).toBe(200);
  });

  it("refuses a banned user's and a deleted account's tokens at once, and a suspended admin's", async () => {
    const { headers: adminHeaders } = await signedInAdmin(ctx.app, ctx.db);
    const banned = await signedInUser(ctx.app, ctx.db);
    expect((await savedIds(banned.headers)).statusCode).toBe(200);
    const ban = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/users/${banned.user.id}/status`,
      headers: adminHeaders,
      payload: { status_id: USER_STATUS.banned },
    });
    expect(ban.statusCode).toBe(200);
    const refused = await savedIds(banned.headers);
    expect(refused.statusCode).toBe(401);

    const deleted = await signedInUser(ctx.app, ctx.db);
    expect((await savedIds(deleted.headers)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "DELETE", url: "/api/user", headers: deleted.headers })).statusCode).toBe(
      200,
    );
    expect((await savedIds(deleted.headers)).statusCode).toBe(401);

    const suspended = await signedInAdmin(ctx.app, ctx.db);
    const adminUsers = (headers: Headers) => ctx.app.inject({ method: "GET", url: "/api/admin/users", headers });
    expect((await adminUsers(suspended.headers)).statusCode).toBe(200);
    const suspension = await ctx.app.inject({
      method: "PATCH",
      url: `/api/admin/admins/${suspended.admin.id}/status`,
      headers: adminHeaders,
      payload: { status: "Suspended" },
    });
    expect(suspension.statusCode).toBe(200);
    expect((await adminUsers(suspended.headers)).statusCode).toBe(401);
  });

  it("refuses the other devices at once after a password change", async () => {
    const user = await createUser(ctx.db, { password_hash: await hash("old-password-1") });
    const here = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    const there = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    expect((await savedIds(there)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: "PATCH",
      url: "/api/user/password",
      headers: here,
      payload: {
        old_password: "old-password-1",
        new_password: "new-password-2",
        new_password_confirmation: "new-password-2",
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await savedIds(there)).statusCode).toBe(401);
    expect((await savedIds(here)).statusCode).toBe(200);
  });
});

describe("cached saved marks (decision 098)", () => {
  const marks = async (headers: Headers, sellerId: number) => {
    const listing = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/get",
      headers,
      payload: { user_id: sellerId },
    });
    return Object.fromEntries(
      listing.json().data.data.map((ad: { id: number; is_saved: boolean }) => [ad.id, ad.is_saved]),
    ) as Record<number, boolean>;
  };

  it("shows a save and an unsave on the next list read, and another process's save when announced", async () => {
    const seller = await createUser(ctx.db);
    const [first, second] = [
      await createAd(ctx.db, { user_id: seller.id }),
      await createAd(ctx.db, { user_id: seller.id }),
    ];
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    expect(await marks(headers, seller.id)).toEqual({ [first.id]: false, [second.id]: false });

    await ctx.app.inject({ method: "POST", url: "/api/ads/saved", headers, payload: { ad_id: first.id } });
    expect(await marks(headers, seller.id)).toEqual({ [first.id]: true, [second.id]: false });
    await ctx.app.inject({ method: "DELETE", url: `/api/ads/saved/${first.id}`, headers });
    expect(await marks(headers, seller.id)).toEqual({ [first.id]: false, [second.id]: false });

    // Another process's save: the row and its announcement, as that process's transaction writes them.
    await ctx.db.transaction(async (tx) => {
      await tx.insert(savedAds).values({ user_id: user.id, ad_id: second.id, price_seen: 1, currency_seen: "USD" });
      await tx.execute(sql`select pg_notify(${SAVED_ADS_CHANGED_CHANNEL}, ${String(user.id)})`);
    });
    await expect
      .poll(() => marks(headers, seller.id), { timeout: 2000 })
      .toEqual({
        [first.id]: false,
        [second.id]: true,
      });
    // Another reader's marks are their own.
    const other = await signedInUser(ctx.app, ctx.db);
    expect(await marks(other.headers, seller.id)).toEqual({ [first.id]: false, [second.id]: false });
  });
});
