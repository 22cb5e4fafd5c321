import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetCodes } from "../../db/schema/password-reset.ts";
import { createUser } from "../../test/factories.ts";
import { startSmtpReceiver, type SmtpReceiver } from "../../test/smtp-receiver.ts";
import { createTestApp } from "../../test/test-app.ts";

let receiver: SmtpReceiver;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  receiver = await startSmtpReceiver();
  ctx = await createTestApp({ SMTP_URL: receiver.smtpUrl, MAIL_FROM: "Waterside <no-reply@waterside.test>" });
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

let sequence = 0;
/** Each test speaks from its own address, so per-IP limits of one test never touch another. */
const fromIp = () => `10.1.0.${++sequence}`;
const post = (url: string, payload: object, remoteAddress = fromIp()) =>
  ctx.app.inject({ method: "POST", url, payload, remoteAddress });

async function personWithPassword(password = "old-password") {
  return createUser(ctx.db, { password_hash: await hash(password) });
}

/** Asks for a code and reads it from the mail the SMTP server received. */
async function mailedCode(email: string) {
  const response = await post("/api/password-reset/send-reset-code", { email });
  expect(response.statusCode).toBe(200);
  const mail = await receiver.nextMailTo(email);
  const code = /^Subject: Your Waterside password reset code: (\d{4})$/m.exec(mail.raw)?.[1];
  expect(code).toBeDefined();
  return code!;
}

const reset = (email: string, code: string, password = "new-password-1") =>
  post("/api/password-reset/reset", { email, code, password, password_confirmation: password });

const login = (email: string, password: string) => post("/api/auth/login", { email, password, device_id: "laptop" });

describe("validation (spec §5 forgot password)", () => {
  it.each([
    ["/api/password-reset/send-reset-code", {}, "email", "Email is required"],
    ["/api/password-reset/send-reset-code", { email: "" }, "email", "Email is required"],
    ["/api/password-reset/reset", { email: "a@example.com", password: "new-password" }, "code", "Code is required"],
    [
      "/api/password-reset/reset",
      { email: "a@example.com", code: "12a4", password: "new-password" },
      "code",
      "The code is 4 digits",
    ],
    [
      "/api/password-reset/reset",
      { email: "a@example.com", code: "12345", password: "new-password" },
      "code",
      "The code is 4 digits",
    ],
    ["/api/password-reset/reset", { email: "a@example.com", code: "1234" }, "password", "Password is required"],
    [
      "/api/password-reset/reset",
      { email: "a@example.com", code: "1234", password: "short" },
      "password",
      "Password must be at least 8 characters",
    ],
    ["/api/password-reset/reset", { email: "", code: "1234", password: "new-password" }, "email", "Email is required"],
  ])("%s %o → %s: %s", async (url, payload, field, message) => {
    const response = await post(url, payload);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });
});

describe("password reset", () => {
  it("mails a code that sets the new password once and signs the user out everywhere", async () => {
    const user = await personWithPassword();
    const session = (await login(user.email, "old-password")).json().data.authorization;

    const code = await mailedCode(user.email);
    const response = await reset(user.email.toUpperCase(), code);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe("Password reset successfully.");

    expect((await login(user.email, "old-password")).statusCode).toBe(422);
    expect((await login(user.email, "new-password-1")).statusCode).toBe(200);
    const refreshed = await post("/api/auth/refresh", { device_id: "laptop", refresh_token: session.refresh_token });
    expect(refreshed.statusCode).toBe(401);

    const again = await reset(user.email, code, "another-password");
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(["The code is invalid or has expired."]);
  });

  it("answers an unknown email exactly as a registered one, and mails nothing", async () => {
    const user = await personWithPassword();
    const unknown = await post("/api/password-reset/send-reset-code", { email: "nobody-here@example.com" });
    const known = await post("/api/password-reset/send-reset-code", { email: user.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json().message).toBe("Reset code sent successfully.");

    await receiver.nextMailTo(user.email);
    expect(receiver.received.filter((mail) => mail.to.includes("nobody-here@example.com"))).toEqual([]);
    const guess = await reset("nobody-here@example.com", "1234");
    expect(guess.statusCode).toBe(422);
    expect(guess.json().errors.code).toEqual(["The code is invalid or has expired."]);
  });

  it("refuses a code after 10 minutes", async () => {
    const user = await personWithPassword();
    const code = await mailedCode(user.email);
    await ctx.db
      .update(passwordResetCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(passwordResetCodes.user_id, user.id));

    const response = await reset(user.email, code);
    expect(response.statusCode).toBe(422);
    expect((await login(user.email, "old-password")).statusCode).toBe(200);
  });

  it("keeps only a keyed digest of the code, valid 10 minutes", async () => {
    const user = await personWithPassword();
    const before = Date.now();
    const code = await mailedCode(user.email);
    const [row] = await ctx.db.select().from(passwordResetCodes).where(eq(passwordResetCodes.user_id, user.id));
    expect(row!.expires_at.getTime() - before).toBeGreaterThan(9.9 * 60_000);
    expect(row!.expires_at.getTime() - before).toBeLessThanOrEqual(10 * 60_000 + 1000);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.code_hash).not.toBe(code);
  });

  it("voids the code after 5 wrong tries, even for the right code after them", async () => {
    const user = await personWithPassword();
    const code = await mailedCode(user.email);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, "0");
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await reset(user.email, wrong)).statusCode).toBe(422);
    }
    expect((await reset(user.email, code)).statusCode).toBe(422);
    expect((await login(user.email, "old-password")).statusCode).toBe(200);
  });

  it("still accepts the right code after 4 wrong tries", async () => {
    const user = await personWithPassword();
    const code = await mailedCode(user.email);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, "0");
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await reset(user.email, wrong)).statusCode).toBe(422);
    }
    expect((await reset(user.email, code)).statusCode).toBe(200);
  });

  it("a new request voids the older code", async () => {
    const user = await personWithPassword();
    const first = await mailedCode(user.email);
    const second = await mailedCode(user.email);
    // One chance in 10,000 that both draws are the same code; then there is nothing to tell apart.
    if (first !== second) expect((await reset(user.email, first)).statusCode).toBe(422);
    expect((await reset(user.email, second)).statusCode).toBe(200);
  });

  it("limits code requests per email with a 429 naming the wait", async () => {
    const user = await personWithPassword();
    for (let request = 0; request < 5; request += 1) {
      expect((await post("/api/password-reset/send-reset-code", { email: user.email })).statusCode).toBe(200);
    }
    const limited = await post("/api/password-reset/send-reset-code", { email: user.email });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("limits reset tries per IP", async () => {
    const ip = fromIp();
    const statuses = [];
    for (let request = 0; request < 31; request += 1) {
      statuses.push(
        (
          await post(
            "/api/password-reset/reset",
            { email: `x${request}@example.com`, code: "1234", password: "new-password" },
            ip,
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
