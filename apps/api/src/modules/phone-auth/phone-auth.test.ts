import { mkdtemp, readFile, readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PHONE_AUTH_MESSAGES as M, PHONE_CODE_MAX_ATTEMPTS } from "@waterside/shared/phone-auth";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneCodes } from "../../db/schema/phone-auth.ts";
import { users } from "../../db/schema/users.ts";
import { createTwilioSender, SmsRejectedError } from "../../lib/sms.ts";
import { startFakeSmsGateway, type FakeSmsGateway } from "../../lib/sms-gateway-fake.ts";
import { createAd, createUser, signedInUser } from "../../test/factories.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

/** Small caps so each can be reached; the defaults are in config.ts. */
const CAPS = { perNumber: 3, perIp: 5, perPrefix: 4, perDay: 40 };

let gateway: FakeSmsGateway;
let ctx: TestApp;
let unavailable: TestApp;

beforeAll(async () => {
  gateway = await startFakeSmsGateway({ outboxDir: await mkdtemp(path.join(tmpdir(), "sms-outbox-")) });
  const { apiUrl, accountSid, authToken, from } = gateway.clientConfig;
  ctx = await createTestApp({
    SMS_API_URL: apiUrl,
    SMS_TWILIO_ACCOUNT_SID: accountSid,
    SMS_TWILIO_AUTH_TOKEN: authToken,
    SMS_FROM: from,
    SMS_MAX_PER_NUMBER_HOUR: String(CAPS.perNumber),
    SMS_MAX_PER_IP_HOUR: String(CAPS.perIp),
    SMS_MAX_PER_PREFIX_HOUR: String(CAPS.perPrefix),
    SMS_MAX_PER_DAY: String(CAPS.perDay),
  });
  unavailable = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  await unavailable.close();
  await gateway.close();
});

let sequence = 0;
/** Each test speaks from its own address, so per-address caps of one test never touch another. */
const newIp = () => `10.31.${Math.floor(++sequence / 250)}.${sequence % 250}`;
/**
 * A Liberian mobile number of its own block (the prefix cap counts blocks of 10,000): 0886 and six digits, the block
 * from the sequence, as a person would type it.
 */
const newNumber = () => {
  const n = ++sequence;
  return { typed: `0886 ${String(n % 100).padStart(2, "0")}${String(n % 10_000).padStart(4, "0")}` };
};
const e164 = (typed: string) => `+231${typed.replace(/\D/g, "").replace(/^0/, "")}`;

const post = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url, payload, headers, remoteAddress });

/** The code in the newest SMS the fake gateway accepted for this number. */
function lastCode(number: string) {
  const sms = gateway.messages.filter((message) => message.to === number).at(-1);
  return /code is (\d{6})/.exec(sms?.body ?? "")?.[1];
}

/** Lets the next code for this number go out: the previous one is made older than the resend delay. */
const ageCodes = (number: string, seconds = 61) =>
  ctx.db
    .update(phoneCodes)
    .set({ created_at: sql`${phoneCodes.created_at} - make_interval(secs => ${seconds})` })
    .where(eq(phoneCodes.phone_number, number));

async function sendCode(typed: string, ip: string) {
  const response = await post("/api/auth/phone/send-code", { phone_number: typed }, ip);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the SMS client and the fake gateway (Twilio's Messages API)", () => {
  it("sends through the real client: 201 with the Message resource, kept as one JSON file in the outbox", async () => {
    const sender = createTwilioSender(gateway.clientConfig);
    const { id } = await sender.send({ to: "+231886000001", body: "Hello from the test" });
    expect(id).toMatch(/^SM[0-9a-f]{32}$/);
    const files = await readdir(gateway.outboxDir);
    const stored = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(gateway.outboxDir, file), "utf8"))),
    );
    expect(stored).toContainEqual(
      expect.objectContaining({ sid: id, to: "+231886000001", body: "Hello from the test", time: expect.any(String) }),
    );
  });

  it("answers Twilio's errors: 20003 for wrong credentials, 21211 for a number that is not E.164", async () => {
    const wrongToken = createTwilioSender({ ...gateway.clientConfig, authToken: "wrong" });
    await expect(wrongToken.send({ to: "+231886000002", body: "x" })).rejects.toMatchObject({
      status: 401,
      code: 20003,
    });
    const sender = createTwilioSender(gateway.clientConfig);
    const refused = await sender.send({ to: "0886000002", body: "x" }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SmsRejectedError);
    expect(refused).toMatchObject({ status: 400, code: 21211 });
  });
});

describe("POST /api/auth/phone/send-code", () => {
  it("answers {message, expires_in, resend_in}, and sends a 6-digit code the phone can fill in itself", async () => {
    const number = newNumber();
    const body = await sendCode(number.typed, newIp());
    expect(body).toMatchObject({ message: M.codeSent, expires_in: 600, resend_in: 60 });
    expect(body.data).toEqual({ message: M.codeSent, expires_in: 600, resend_in: 60 });
    const sms = gateway.messages.at(-1)!;
    expect(sms.to).toBe(e164(number.typed));
    expect(sms.body).toMatch(/^Your Waterside code is \d{6}\. It expires in 10 minutes\./);
    // The WebOTP line: Android offers the code to the page of this host.
    expect(sms.body).toMatch(/\n@localhost:3000 #\d{6}$/);
  });

  it("reads 0886…, +231 886… and 231886… as one number", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    const digits = typed.replace(/\D/g, "").slice(1);
    await sendCode(typed, ip);
    for (const form of [`+231 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`, `231${digits}`]) {
      const again = await post("/api/auth/phone/send-code", { phone_number: form }, ip);
      // The same number: still inside its 60 s resend delay (another number would have been sent a code).
      expect(again.statusCode).toBe(429);
      expect(again.json().message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);
    }
    const signIn = await post(
      "/api/auth/phone/verify",
      { phone_number: `231${digits}`, code: lastCode(`+231${digits}`), name: "One Number", accept_terms: true },
      ip,
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().data.user.phone_number).toBe(`+231${digits}`);
  });

  it.each([
    ["12345", M.phoneInvalid],
    ["not a number", M.phoneInvalid],
    // A Liberian landline cannot receive a text.
    ["0221234567", M.phoneInvalid],
    ["+1 202 555 0100", M.countryNotAllowed],
    ["+233 24 123 4567", M.countryNotAllowed],
  ])("refuses %s with 422 on phone_number, sending nothing", async (phone, message) => {
    const before = gateway.messages.length;
    const response = await post("/api/auth/phone/send-code", { phone_number: phone }, newIp());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.phone_number).toEqual([message]);
    expect(gateway.messages.length).toBe(before);
  });

  it("waits 60 s between codes for a number, saying how long is left", async () => {
    const { typed } = newNumber();
    const ip = newIp();
    await sendCode(typed, ip);
    const early = await post("/api/auth/phone/send-code", { phone_number: typed }, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toMatch(/^Please wait (59|60) seconds before asking for a new code\.$/);
    expect(early.json().resend_in).toBeGreaterThanOrEqual(59);
    await ageCodes(e164(typed));
    await sendCode(typed, ip);
  });

  it(`sends at most ${CAPS.perNumber} codes to one number an hour`, async () => {
    const { typed } = newNumber();
    for (let sent = 0; sent < CAPS.perNumber; sent++) {
      await sendCode(typed, newIp());
      await ageCodes(e164(typed));
    }
    const capped = await post("/api/auth/phone/send-code", { phone_number: typed }, newIp());
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(M.tooManyForNumber);
    expect(gateway.messages.filter((message) => message.to === e164(typed))).toHaveLength(CAPS.perNumber);
  });

  it(`sends at most ${CAPS.perIp} codes an hour for one address, whatever the numbers`, async () => {
    const ip = newIp();
    for (let sent = 0; sent < CAPS.perIp; sent++) await sendCode(newNumber().typed, ip);
    const capped = await post("/api/auth/phone/send-code", { phone_number: newNumber().typed }, ip);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(M.tooManyFromAddress);
  });

  it(`sends at most ${CAPS.perPrefix} codes an hour into one block of numbers (a pumping ring's range)`, async () => {
    const block = `0777 5${++sequence % 10}`;
    for (let n = 0; n < CAPS.perPrefix; n++) await sendCode(`${block}${String(n).padStart(4, "0")}`, newIp());
    const capped = await post("/api/auth/phone/send-code", { phone_number: `${block}0099` }, newIp());
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(M.tooManyForPrefix);
  });

  it("lets one of ten simultaneous requests for a number through, and sends one SMS", async () => {
    const { typed } = newNumber();
    const before = gateway.messages.length;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => post("/api/auth/phone/send-code", { phone_number: typed }, newIp())),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(429)]);
    expect(gateway.messages.length - before).toBe(1);
  });

  it("stops every number for the day at the daily cap, then answers 503 without a provider", async () => {
    // Fill the day up to one below the cap with codes sent earlier today (from other addresses).
    const [{ sent } = { sent: 0 }] = await ctx.db.select({ sent: sql<number>`count(*)::int` }).from(phoneCodes);
    const missing = CAPS.perDay - 1 - sent;
    if (missing > 0) {
      await ctx.db.insert(phoneCodes).values(
        Array.from({ length: missing }, (_, n) => ({
          phone_number: `+2317700${String(n).padStart(5, "0")}`,
          ip: `10.32.0.${n % 250}`,
          code_hash: "0".repeat(64),
          expires_at: new Date(Date.now() - 60_000),
          created_at: new Date(Date.now() - 2 * 3_600_000),
        })),
      );
    }
    await sendCode(newNumber().typed, newIp());
    const capped = await post("/api/auth/phone/send-code", { phone_number: newNumber().typed }, newIp());
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe(M.tooManyToday);
    // Codes sent yesterday no longer count.
    await ctx.db.update(phoneCodes).set({ created_at: sql`${phoneCodes.created_at} - interval '1 day'` });
    await sendCode(newNumber().typed, newIp());

    const off = await unavailable.app.inject({
      method: "POST",
      url: "/api/auth/phone/send-code",
      payload: { phone_number: newNumber().typed },
    });
    expect(off.statusCode).toBe(503);
    expect(off.json().message).toBe(M.unavailable);
  });
});

describe("POST /api/auth/phone/verify", () => {
  it("registers a new number with a name, then signs the same account in; the body is email login's", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    await sendCode(typed, ip);
    const code = lastCode(e164(typed))!;

    const withoutName = await post("/api/auth/phone/verify", { phone_number: typed, code, device_id: "d1" }, ip);
    expect(withoutName.statusCode).toBe(422);
    expect(withoutName.json()).toMatchObject({ registration_required: true, errors: { name: [M.nameRequired] } });
    const withoutTerms = await post("/api/auth/phone/verify", { phone_number: typed, code, name: "Musu" }, ip);
    expect(withoutTerms.statusCode).toBe(422);
    expect(withoutTerms.json().errors.accept_terms).toEqual([M.termsRequired]);

    // The code stayed good for the retry with the name and the terms.
    const registered = await post(
      "/api/auth/phone/verify",
      { phone_number: typed, code, device_id: "d1", name: "  Musu Phone ", accept_terms: true, accept_policy: true },
      ip,
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const { user, authorization, is_new_user } = registered.json().data;
    expect(is_new_user).toBe(true);
    expect(user).toMatchObject({
      name: "Musu Phone",
      email: null,
      phone_number: e164(typed),
      phone_verified: true,
      usertype_id: 1,
      company: null,
    });
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/user",
      headers: { authorization: `Bearer ${authorization.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(user.id);

    // Spent: the same code does not sign in twice.
    const reused = await post("/api/auth/phone/verify", { phone_number: typed, code }, ip);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.code).toEqual([M.codeInvalid]);

    // Later, the number signs the same account in, from the outbox's file this time.
    await ageCodes(e164(typed));
    await sendCode(typed, ip);
    const files = (await readdir(gateway.outboxDir)).filter((file) => file.includes(e164(typed).slice(1))).sort();
    const sms = JSON.parse(await readFile(path.join(gateway.outboxDir, files.at(-1)!), "utf8"));
    const signedIn = await post(
      "/api/auth/phone/verify",
      { phone_number: typed, code: /code is (\d{6})/.exec(sms.body)![1], device_id: "d2" },
      ip,
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user.id).toBe(user.id);
    expect(signedIn.json().data.is_new_user).toBe(false);

    // The same shape as POST /auth/login's body.
    const emailUser = await createUser(ctx.db, {
      password_hash: await import("@node-rs/argon2").then(({ hash }) => hash("secret-pass")),
    });
    const emailLogin = await post(
      "/api/auth/login",
      { email: emailUser.email, password: "secret-pass", device_id: "d3" },
      newIp(),
    );
    expect(emailLogin.statusCode).toBe(200);
    const keys = (value: object) => Object.keys(value).sort();
    expect(keys(signedIn.json())).toEqual(keys(emailLogin.json()));
    expect(keys(signedIn.json().data.user)).toEqual(keys(emailLogin.json().data.user));
    expect(keys(signedIn.json().data.authorization)).toEqual(keys(emailLogin.json().data.authorization));
  });

  it("registers a business with usertype_id 2", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    await sendCode(typed, ip);
    const response = await post(
      "/api/auth/phone/verify",
      { phone_number: typed, code: lastCode(e164(typed)), name: "Sinkor Phones", usertype_id: 2, accept_terms: true },
      ip,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toMatchObject({ usertype_id: 2, company: expect.objectContaining({}) });
  });

  it(`voids a code after ${PHONE_CODE_MAX_ATTEMPTS} wrong tries: even the right one is refused then`, async () => {
    const ip = newIp();
    const { typed } = newNumber();
    await sendCode(typed, ip);
    const code = lastCode(e164(typed))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let tries = 0; tries < PHONE_CODE_MAX_ATTEMPTS; tries++) {
      const response = await post("/api/auth/phone/verify", { phone_number: typed, code: wrong, name: "X" }, ip);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.code).toEqual([M.codeInvalid]);
    }
    const right = await post(
      "/api/auth/phone/verify",
      { phone_number: typed, code, name: "X", accept_terms: true },
      ip,
    );
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.code).toEqual([M.codeInvalid]);
  });

  it("refuses an expired code, an older code once a new one was sent, and a code of the wrong form", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    await sendCode(typed, ip);
    const first = lastCode(e164(typed))!;
    await ageCodes(e164(typed));
    await sendCode(typed, ip);
    const second = lastCode(e164(typed))!;
    if (first !== second) {
      const older = await post("/api/auth/phone/verify", { phone_number: typed, code: first, name: "X" }, ip);
      expect(older.json().errors.code).toEqual([M.codeInvalid]);
    }
    await ctx.db
      .update(phoneCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(phoneCodes.phone_number, e164(typed)));
    const expired = await post(
      "/api/auth/phone/verify",
      { phone_number: typed, code: second, name: "X", accept_terms: true },
      ip,
    );
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.code).toEqual([M.codeInvalid]);
    const malformed = await post("/api/auth/phone/verify", { phone_number: typed, code: "12ab" }, ip);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toEqual([M.codeInvalid]);
  });

  it("tells a suspended account so, after a right code only", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    await createUser(ctx.db, { verified_phone_number: e164(typed), status_id: USER_STATUS.banned });
    await sendCode(typed, ip);
    const response = await post("/api/auth/phone/verify", { phone_number: typed, code: lastCode(e164(typed)) }, ip);
    expect(response.statusCode).toBe(403);
  });
});

describe("a signed-in user verifies a number: POST /api/user/phone/*", () => {
  it("verifies a number, which becomes the profile's; another account cannot verify it then (409)", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    const { user, headers } = await signedInUser(ctx.app, ctx.db, { phone_number: "0886999999" });
    const sent = await post("/api/user/phone/send-code", { phone_number: typed }, ip, headers);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ expires_in: 600, resend_in: 60 });
    const verified = await post(
      "/api/user/phone/verify",
      { phone_number: typed, code: lastCode(e164(typed)) },
      ip,
      headers,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      message: M.phoneVerified,
      data: { id: user.id, phone_number: e164(typed), phone_verified: true },
    });

    const other = await signedInUser(ctx.app, ctx.db);
    const taken = await post("/api/user/phone/send-code", { phone_number: typed }, newIp(), other.headers);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(M.numberTaken);
    // Signing in by phone with it reaches the account that verified it.
    await ageCodes(e164(typed));
    await sendCode(typed, ip);
    const signIn = await post("/api/auth/phone/verify", { phone_number: typed, code: lastCode(e164(typed)) }, ip);
    expect(signIn.json().data.user.id).toBe(user.id);
  });

  it("lets only one of two accounts verify a number when both hold a code for it", async () => {
    const { typed } = newNumber();
    const first = await signedInUser(ctx.app, ctx.db);
    const second = await signedInUser(ctx.app, ctx.db);
    await post("/api/user/phone/send-code", { phone_number: typed }, newIp(), first.headers);
    const firstCode = lastCode(e164(typed))!;
    await ageCodes(e164(typed));
    await post("/api/user/phone/send-code", { phone_number: typed }, newIp(), second.headers);
    const secondCode = lastCode(e164(typed))!;
    const [a, b] = await Promise.all([
      post("/api/user/phone/verify", { phone_number: typed, code: firstCode }, newIp(), first.headers),
      post("/api/user/phone/verify", { phone_number: typed, code: secondCode }, newIp(), second.headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const holders = await ctx.db
      .select()
      .from(users)
      .where(eq(users.verified_phone_number, e164(typed)));
    expect(holders).toHaveLength(1);
  });

  it("keeps codes to their purpose and their account: a sign-in code or another user's code verifies nothing", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    const { headers } = await signedInUser(ctx.app, ctx.db);
    await sendCode(typed, ip);
    const signInCode = lastCode(e164(typed));
    const refused = await post("/api/user/phone/verify", { phone_number: typed, code: signInCode }, ip, headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.code).toEqual([M.codeInvalid]);

    const unsigned = await post("/api/user/phone/send-code", { phone_number: typed }, ip);
    expect(unsigned.statusCode).toBe(401);
  });

  it("needs a new code to change the verified number", async () => {
    const ip = newIp();
    const first = newNumber().typed;
    const second = newNumber().typed;
    const { headers } = await signedInUser(ctx.app, ctx.db);
    await post("/api/user/phone/send-code", { phone_number: first }, ip, headers);
    const code = lastCode(e164(first));
    await post("/api/user/phone/verify", { phone_number: first, code }, ip, headers);
    const withOldCode = await post("/api/user/phone/verify", { phone_number: second, code }, ip, headers);
    expect(withOldCode.statusCode).toBe(422);
  });
});

describe("personal details of phone accounts (decision 068)", () => {
  /** Signs up by phone and returns the new account's bearer headers and number. */
  async function phoneAccount() {
    const ip = newIp();
    const { typed } = newNumber();
    await sendCode(typed, ip);
    const response = await post(
      "/api/auth/phone/verify",
      { phone_number: typed, code: lastCode(e164(typed)), name: "Phone Person", accept_terms: true },
      ip,
    );
    const { user, authorization } = response.json().data;
    return { user, number: e164(typed), typed, headers: { authorization: `Bearer ${authorization.token}` } };
  }
  const saveProfile = (headers: Record<string, string>, payload: object) =>
    ctx.app.inject({ method: "POST", url: "/api/user/profile", headers, payload: { _method: "patch", ...payload } });

  it("saves without an email while the account has none, and keeps one once added", async () => {
    const { headers, typed } = await phoneAccount();
    const saved = await saveProfile(headers, { name: "Phone Person K.", email: "", phone_number: typed });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ name: "Phone Person K.", email: null, phone_verified: true });

    const email = `phone-${Date.now()}@example.com`;
    const added = await saveProfile(headers, { name: "Phone Person K.", email, phone_number: typed });
    expect(added.json().data.email).toBe(email);
    const removed = await saveProfile(headers, { name: "Phone Person K.", email: "", phone_number: typed });
    expect(removed.statusCode).toBe(422);
    expect(removed.json().errors.email).toEqual(["Email field is required"]);
  });

  it("keeps the number verified when it is written another way, and not when it changes", async () => {
    const { headers, number } = await phoneAccount();
    const digits = number.slice(4);
    const sameNumber = await saveProfile(headers, { name: "P", phone_number: `+231 ${digits}` });
    expect(sameNumber.json().data.phone_verified).toBe(true);
    const changed = await saveProfile(headers, { name: "P", phone_number: "0777000111" });
    expect(changed.json().data).toMatchObject({ phone_number: "0777000111", phone_verified: false });
  });

  it("frees a deleted account's number for another account", async () => {
    const { headers, number, typed } = await phoneAccount();
    const deleted = await ctx.app.inject({ method: "DELETE", url: "/api/user", headers });
    expect(deleted.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.verified_phone_number, number));
    expect(row).toBeUndefined();
    // The number may sign up again: a new account.
    await ageCodes(number);
    const ip = newIp();
    await sendCode(typed, ip);
    const again = await post("/api/auth/phone/verify", { phone_number: typed, code: lastCode(number) }, ip);
    expect(again.json()).toMatchObject({ registration_required: true });
  });
});

describe("a verified phone in ranking (decision 070)", () => {
  it("queues the seller's ads for a new visibility_score when the number is verified, and when it changes", async () => {
    const ip = newIp();
    const { typed } = newNumber();
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const ad = await createAd(ctx.db, { user_id: user.id });
    // Analytics' score job (every 5 minutes) rescores what is queued here.
    const queued = async () =>
      (await ctx.db.execute(sql`select 1 from analytics_rescore_ads where ad_id = ${ad.id}`)).length;
    await ctx.db.execute(sql`delete from analytics_rescore_ads where ad_id = ${ad.id}`);
    await post("/api/user/phone/send-code", { phone_number: typed }, ip, headers);
    await post("/api/user/phone/verify", { phone_number: typed, code: lastCode(e164(typed)) }, ip, headers);
    expect(await queued()).toBe(1);

    await ctx.db.execute(sql`delete from analytics_rescore_ads where ad_id = ${ad.id}`);
    const profile = { _method: "patch", name: "Seller", email: user.email };
    const save = (phone_number: string) =>
      ctx.app.inject({ method: "POST", url: "/api/user/profile", headers, payload: { ...profile, phone_number } });
    // The same number written another way changes nothing.
    await save(`+231 ${e164(typed).slice(4)}`);
    expect(await queued()).toBe(0);
    await save("0777000222");
    expect(await queued()).toBe(1);
  });
});
