import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { createTokenService } from "./modules/auth/tokens.ts";
import { createUser } from "./test/factories.ts";
import { describeNeeding } from "./test/needs.ts";
import { webAppMissing } from "./test/server-process.ts";
import { serverTestBed } from "./test/server-test-bed.ts";

const bed = serverTestBed("log-secrets");

const METRICS_TOKEN = "metrics-token-that-must-stay-out-of-logs-7f3a";
const PASSWORD = "Correct-Horse-Battery-9137";
/** Typed as a person types it; stored as +231886412397. */
const PHONE = "0886 412 397";
const PHONE_DIGITS = "886412397";
const UNSUBSCRIBE_TOKEN = "unsubscribe-token-that-must-stay-out-of-logs.4b1c";

/** The code in the newest SMS the server's fake gateway kept in DATA_DIR/sms-outbox. */
function lastSmsCode() {
  const outbox = path.join(bed.dataDir, "sms-outbox");
  const newest = readdirSync(outbox).sort().at(-1)!;
  const sms = JSON.parse(readFileSync(path.join(outbox, newest), "utf8")) as { body: string };
  return /code is (\d{6})/.exec(sms.body)![1]!;
}

describeNeeding([webAppMissing()], "the server's log", { timeout: 60_000 }, () => {
  it("holds no bearer token, phone number, SMS code, password or signed link, with every request logged", async () => {
    const server = await bed.start({ LOG_LEVEL: "debug", LOG_REQUESTS: "on", METRICS_TOKEN });
    const user = await createUser(bed.db);
    const { token: session } = await createTokenService(bed.db, bed.tokenSecret).startSession(
      { kind: "user", userId: user.id },
      "phone",
    );
    const call = (method: string, url: string, body?: object, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${url}`, {
        method,
        headers: { ...(body && { "content-type": "application/json" }), ...headers },
        body: body && JSON.stringify(body),
      });

    expect((await call("GET", "/metrics", undefined, { authorization: `Bearer ${METRICS_TOKEN}` })).status).toBe(200);
    expect((await call("GET", "/api/user", undefined, { authorization: `Bearer ${session}` })).status).toBe(200);
    expect((await call("GET", "/api/user", undefined, { cookie: `session=${session}` })).status).toBe(401);
    expect((await call("POST", "/api/auth/phone/send-code", { phone_number: PHONE })).status).toBe(200);
    const code = lastSmsCode();
    const verified = await call("POST", "/api/auth/phone/verify", {
      phone_number: PHONE,
      code,
      name: "Musu",
      accept_terms: true,
    });
    expect(verified.status, await verified.text()).toBe(200);
    // A wrong code, a password sign-in and a password reset: bodies that fail carry their secrets too.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await call("POST", "/api/auth/phone/verify", { phone_number: PHONE, code: wrong })).status).toBe(422);
    const login = await call("POST", "/api/auth/login", { email: user.email, password: PASSWORD });
    expect(login.status).toBeGreaterThanOrEqual(400);
    const reset = await call("POST", "/api/password-reset/reset", {
      email: user.email,
      code: "4821",
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(reset.status).toBeGreaterThanOrEqual(400);
    // Secrets in addresses: a signed unsubscribe link, a number searched for, a number in a path.
    await call("GET", `/api/saved-searches/unsubscribe?token=${UNSUBSCRIBE_TOKEN}`);
    await call("GET", `/search?q=${encodeURIComponent(PHONE)}`);
    expect((await call("GET", `/api/no-such-route/0${PHONE_DIGITS}`)).status).toBe(404);

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const { stdout, stderr } = server.output();
    const log = stdout + stderr;

    // The log is there to be read: every request has its lines, with what is safe to keep.
    expect(log).toContain('"url":"/api/auth/phone/verify"');
    expect(log).toContain('"url":"/api/saved-searches/unsubscribe?token=*"');
    expect(log).toContain('"url":"/api/no-such-route/[number]"');
    expect(log).toContain('"url":"/search?q=*"');

    for (const secret of [METRICS_TOKEN, session, PASSWORD, UNSUBSCRIBE_TOKEN, PHONE, PHONE_DIGITS]) {
      expect(log).not.toContain(secret);
    }
    // Codes are short: looked for as whole numbers, not inside longer ones (times, ids).
    for (const short of [code, wrong, "4821"]) expect(log).not.toMatch(new RegExp(`(?<![\\d.])${short}(?![\\d.])`));
  });
});
