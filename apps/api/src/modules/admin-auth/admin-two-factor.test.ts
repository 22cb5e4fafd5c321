import { hash } from "@node-rs/argon2";
import { ADMIN_MESSAGES } from "@waterside/shared/admin-messages";
import { ADMIN_TWO_FACTOR_MESSAGES } from "@waterside/shared/admin-two-factor";
import { and, eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { adminLoginChallenges, adminRecoveryCodes, admins } from "../../db/schema/admin-auth.ts";
import { signedInAdmin, signedInUser } from "../../test/factories.ts";
import { useTestApp } from "../../test/test-app.ts";
import { ensureAdmin } from "./create-admin.ts";

// ADMIN_TOTP is on by default, as in production.
const ctx = useTestApp();
const PASSWORD = "admin-password";
let sequence = 0;

afterEach(() => {
  vi.useRealTimers();
});

/** The code an authenticator app shows for this secret now, or `offset` steps of 30 s away. */
const codeOf = (secret: string, offset = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 });
/** A 6-digit code that is none of the codes the server accepts now. */
const wrongCode = (secret: string) => {
  const valid = new Set([codeOf(secret, -1), codeOf(secret), codeOf(secret, 1)]);
  let code = 0;
  while (valid.has(String(code).padStart(6, "0"))) code += 1;
  return String(code).padStart(6, "0");
};
/** Moves the clocks of this process (Date only) to the next 30 s step, as if the admin waited for the next code. */
function nextStep() {
  vi.useFakeTimers({ toFake: ["Date"], now: (Math.floor(Date.now() / 30_000) + 1) * 30_000 + 1_000 });
}

/** A new admin; `enrolled` gives them an authenticator secret already confirmed. */
async function newAdmin({ enrolled = false } = {}) {
  const email = `two-factor${++sequence}.${Date.now().toString(36)}@admin-auth.test`;
  await ensureAdmin(ctx.db, { email, password: PASSWORD, name: `Admin ${sequence}` });
  const secret = new Secret({ size: 20 }).base32;
  const [row] = await ctx.db
    .update(admins)
    .set(enrolled ? { totp_secret: secret, totp_enabled_at: new Date() } : { updated_at: new Date() })
    .where(eq(admins.email, email))
    .returning();
  return { id: row!.id, email, secret };
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url, payload, headers });
const logIn = (email: string) => post("/api/admin/auth/login", { email, password: PASSWORD, device_id: "desk" });
const verify = (payload: object) => post("/api/admin/auth/two-factor", { device_id: "desk", ...payload });

async function challenge(email: string) {
  const response = await logIn(email);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    two_factor: "code" | "enrol";
    challenge_token: string;
    expires_in: number;
    enrolment?: { secret: string; otpauth_url: string; qr_svg: string };
    admin?: unknown;
  };
}

/** Enrols a new admin through the two calls; their secret and recovery codes. */
async function enrolled() {
  const admin = await newAdmin();
  const started = await challenge(admin.email);
  const secret = started.enrolment!.secret;
  const done = await verify({ challenge_token: started.challenge_token, code: codeOf(secret) });
  expect(done.statusCode, done.body).toBe(200);
  return { ...admin, secret, recoveryCodes: done.json().data.recovery_codes as string[] };
}

const auditOf = (adminId: number, action: string) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.target_id, adminId), eq(adminAuditLog.action, action)));

describe("admin sign-in with a second factor", () => {
  it("enrols an admin at their first sign-in: QR code, a confirming code, 10 recovery codes kept as hashes", async () => {
    const admin = await newAdmin();
    const started = await challenge(admin.email);
    expect(started).toMatchObject({ two_factor: "enrol", expires_in: 300 });
    expect(started).not.toHaveProperty("authorization");
    const { secret, otpauth_url, qr_svg } = started.enrolment!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toContain(`otpauth://totp/Waterside:${encodeURIComponent(admin.email)}`);
    expect(otpauth_url).toContain(`secret=${secret}`);
    expect(qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Signing in again before confirming shows the same setup: a QR code already scanned stays good.
    const again = await challenge(admin.email);
    expect(again.enrolment!.secret).toBe(secret);

    const wrong = await verify({ challenge_token: again.challenge_token, code: wrongCode(secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([ADMIN_TWO_FACTOR_MESSAGES.invalidCode]);
    expect(
      (await verify({ challenge_token: again.challenge_token, recovery_code: "aaaa-bbbb-cccc-dddd" })).json().message,
    ).toBe(ADMIN_TWO_FACTOR_MESSAGES.recoveryNotAtEnrolment);

    const done = await verify({ challenge_token: again.challenge_token, code: codeOf(secret) });
    expect(done.statusCode, done.body).toBe(200);
    const { admin: signedIn, authorization, recovery_codes } = done.json().data;
    expect(signedIn).toMatchObject({ id: admin.id, email: admin.email });
    expect(authorization.token).toBeTruthy();
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    const me = await ctx.app.inject({
      url: "/api/admin/auth/me",
      headers: { authorization: `Bearer ${authorization.token}` },
    });
    expect(me.statusCode).toBe(200);

    const stored = await ctx.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.admin_id, admin.id));
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(recovery_codes).not.toContain(row.code_hash);
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, admin.id));
    expect(row!.totp_enabled_at).not.toBeNull();
    expect(await auditOf(admin.id, "admin.two_factor.enrol")).toEqual([
      expect.objectContaining({ admin_id: admin.id, target_type: "admin" }),
    ]);

    // From now on every login asks for the code, and the login body is the one of a password-only login.
    const next = await challenge(admin.email);
    expect(next).toMatchObject({ two_factor: "code" });
    expect(next).not.toHaveProperty("enrolment");
  });

  it("signs an enrolled admin in with the code of their app, and never twice with one code", async () => {
    const admin = await newAdmin({ enrolled: true });
    const first = await challenge(admin.email);
    expect(first).toEqual({ two_factor: "code", challenge_token: expect.any(String), expires_in: 300 });
    const code = codeOf(admin.secret);
    const done = await verify({ challenge_token: first.challenge_token, code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(done.statusCode, done.body).toBe(200);
    expect(Object.keys(done.json().data).sort()).toEqual(["admin", "authorization"]);

    // A challenge is spent once.
    const spent = await verify({ challenge_token: first.challenge_token, code });
    expect(spent.statusCode).toBe(422);
    expect(spent.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.challengeExpired);

    // The same code on a new challenge (a code seen over a shoulder) is refused…
    const second = await challenge(admin.email);
    const replayed = await verify({ challenge_token: second.challenge_token, code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.codeAlreadyUsed);
    // …and so is a code of a step to come (only this one and the one before count).
    expect((await verify({ challenge_token: second.challenge_token, code: codeOf(admin.secret, 1) })).statusCode).toBe(
      422,
    );
    // The next code, 30 s later, signs in.
    nextStep();
    const later = await verify({ challenge_token: second.challenge_token, code: codeOf(admin.secret) });
    expect(later.statusCode, later.body).toBe(200);
  });

  it("refuses wrong codes, voids the challenge after 5, and holds an admin to 10 wrong codes in 15 minutes (429)", async () => {
    const admin = await newAdmin({ enrolled: true });
    const first = await challenge(admin.email);
    const wrong = wrongCode(admin.secret);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await verify({ challenge_token: first.challenge_token, code: wrong });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.invalidCode);
    }
    const fifth = await verify({ challenge_token: first.challenge_token, code: wrong });
    expect(fifth.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.challengeVoid);
    // Void: even the right code does not open it.
    const right = await verify({ challenge_token: first.challenge_token, code: codeOf(admin.secret) });
    expect(right.statusCode).toBe(422);
    expect(right.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.challengeVoid);

    const second = await challenge(admin.email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await verify({ challenge_token: second.challenge_token, code: wrong })).statusCode).toBe(422);
    }
    // Ten wrong codes: a fresh challenge (a right password) does not buy more guesses.
    const third = await challenge(admin.email);
    const held = await verify({ challenge_token: third.challenge_token, code: codeOf(admin.secret) });
    expect(held.statusCode).toBe(429);
    expect(held.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("refuses an expired challenge, an unknown one, and a suspended admin", async () => {
    const admin = await newAdmin({ enrolled: true });
    const started = await challenge(admin.email);
    await ctx.db
      .update(adminLoginChallenges)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(adminLoginChallenges.admin_id, admin.id));
    const expired = await verify({ challenge_token: started.challenge_token, code: codeOf(admin.secret) });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.challengeExpired);
    expect((await verify({ challenge_token: "made-up", code: codeOf(admin.secret) })).statusCode).toBe(422);
    expect((await verify({ challenge_token: started.challenge_token })).statusCode).toBe(422);

    // Suspended between the password and the code: never through.
    const fresh = await challenge(admin.email);
    await ctx.db.update(admins).set({ status: "Suspended" }).where(eq(admins.id, admin.id));
    const suspended = await verify({ challenge_token: fresh.challenge_token, code: codeOf(admin.secret) });
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().message).toBe(ADMIN_MESSAGES.adminSuspended);
    expect((await logIn(admin.email)).statusCode).toBe(403);
  });

  it("signs in once with each recovery code, and audits it", async () => {
    const admin = await enrolled();
    const [code] = admin.recoveryCodes;
    const first = await challenge(admin.email);
    const used = await verify({ challenge_token: first.challenge_token, recovery_code: code!.toUpperCase() });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json().data.authorization.token).toBeTruthy();
    expect(await auditOf(admin.id, "admin.two_factor.recovery_code")).toEqual([
      expect.objectContaining({ admin_id: admin.id, after: { recovery_codes_left: 9 } }),
    ]);

    const second = await challenge(admin.email);
    const again = await verify({ challenge_token: second.challenge_token, recovery_code: code });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.recovery_code).toEqual([ADMIN_TWO_FACTOR_MESSAGES.invalidRecoveryCode]);
    expect(
      (await verify({ challenge_token: second.challenge_token, recovery_code: admin.recoveryCodes[1] })).statusCode,
    ).toBe(200);
  });
});

describe("resetting another admin's second factor", () => {
  const reset = (adminId: number, headers: Record<string, string> = {}) =>
    post(`/api/admin/admins/${adminId}/two-factor/reset`, {}, headers);

  it("clears it, ends their sessions, audits it, and they enrol again at their next login", async () => {
    const target = await enrolled();
    const session = await challenge(target.email);
    nextStep();
    const signedIn = await verify({ challenge_token: session.challenge_token, code: codeOf(target.secret) });
    const targetHeaders = { authorization: `Bearer ${signedIn.json().data.authorization.token}` };
    const { admin: actor, headers } = await signedInAdmin(ctx.app, ctx.db);
    // The Admins page offers the reset only for an admin who has an authenticator set up.
    const listed = await ctx.app.inject({ method: "GET", url: "/api/admin/admins?per_page=100", headers });
    expect(listed.json().data.data.find((admin: { id: number }) => admin.id === target.id)).toMatchObject({
      two_factor_enabled: true,
    });

    const response = await reset(target.id, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: ADMIN_TWO_FACTOR_MESSAGES.resetDone,
      data: { id: target.id, two_factor_enabled: false },
    });
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, target.id));
    expect(row).toMatchObject({ totp_secret: null, totp_enabled_at: null });
    expect(await ctx.db.$count(adminRecoveryCodes, eq(adminRecoveryCodes.admin_id, target.id))).toBe(0);
    expect((await ctx.app.inject({ url: "/api/admin/auth/me", headers: targetHeaders })).statusCode).toBe(401);
    expect(await auditOf(target.id, "admin.two_factor.reset")).toEqual([
      expect.objectContaining({ admin_id: actor.id, target_type: "admin" }),
    ]);

    const next = await challenge(target.email);
    expect(next.two_factor).toBe("enrol");
    expect(next.enrolment!.secret).not.toBe(target.secret);
    // Nothing left to reset: nothing changes, nothing is recorded.
    await ctx.db.update(admins).set({ totp_secret: null }).where(eq(admins.id, target.id));
    expect((await reset(target.id, headers)).json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.resetUnchanged);
    expect(await auditOf(target.id, "admin.two_factor.reset")).toHaveLength(1);
  });

  it("is not for one's own factor, for users or for visitors", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const own = await reset(admin.id, headers);
    expect(own.statusCode).toBe(422);
    expect(own.json().message).toBe(ADMIN_TWO_FACTOR_MESSAGES.ownReset);
    const target = await newAdmin({ enrolled: true });
    const { headers: userHeaders } = await signedInUser(ctx.app, ctx.db);
    expect((await reset(target.id, userHeaders)).statusCode).toBe(403);
    expect((await reset(target.id)).statusCode).toBe(401);
    expect((await reset(999_999, headers)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(admins).where(eq(admins.id, target.id));
    expect(row!.totp_secret).toBe(target.secret);
  });

  it("gives a user's token or credentials nothing on the sign-in steps", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db, { password_hash: await hash(PASSWORD) });
    expect((await logIn(user.email!)).statusCode).toBe(422);
    const response = await verify({ challenge_token: "x", code: "123456" });
    expect(response.statusCode).toBe(422);
    const withUserToken = await post(
      "/api/admin/auth/two-factor",
      { challenge_token: "x", code: "123456", device_id: "desk" },
      headers,
    );
    expect(withUserToken.statusCode).toBe(422);
  });
});
