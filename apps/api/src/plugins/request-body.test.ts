import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../test/factories.ts";
import { multipart } from "../test/multipart.ts";
import { useTestApp } from "../test/test-app.ts";
import { ensureAdmin } from "../modules/admin-auth/create-admin.ts";
import { nestFormFields } from "./request-body.ts";

const ctx = useTestApp();
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const cleanPrototype = prototypeKeys();

beforeAll(async () => {
  await ensureAdmin(ctx.db, { email: "boss@waterside.test", password: "admin-password", name: "Boss" });
});
afterEach(() => {
  // A failing run must not leave the rest of the suite on a polluted prototype.
  for (const key of prototypeKeys()) {
    if (!cleanPrototype.includes(key)) delete (Object.prototype as Record<string, unknown>)[key];
  }
});

const form = (url: string, body: string) =>
  ctx.app.inject({
    method: "POST",
    url,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: body,
  });

describe("form bodies cannot reach Object.prototype", () => {
  it("refuses the admin takeover: a polluting field, then a user's login and an admin refresh", async () => {
    const polluted = await form("/api/ads/get", "__proto__[admin_id]=1");
    expect(polluted.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).admin_id).toBeUndefined();

    const user = await createUser(ctx.db, { password_hash: await hashOf("user-password") });
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "user-password", device_id: "phone" },
    });
    expect(login.statusCode).toBe(200);
    const refresh = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/auth/refresh",
      payload: { device_id: "phone", refresh_token: login.json().data.authorization.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const sessions = await ctx.db.execute<{ admin_id: number | null }>(
      sql`select admin_id from auth_sessions where user_id = ${user.id}`,
    );
    expect(sessions.map((row) => row.admin_id)).toEqual([null]);
  });

  it.each([
    "__proto__[toString]=x",
    "constructor[prototype][x]=1",
    "a[__proto__][b]=1",
    "a.constructor.prototype.b=1",
    "prototype=1",
  ])("answers 400 to %s and leaves the prototype as it was", async (body) => {
    const response = await form("/api/ads/get", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/is not allowed/);
    expect(prototypeKeys()).toEqual(cleanPrototype);
    // Logins still work: a polluted toString made every one answer 500.
    expect((await form("/api/auth/login", "email=nobody@example.com&password=x&device_id=d")).statusCode).toBe(422);
  });

  it("refuses the same names in multipart bodies", async () => {
    const body = new FormData();
    body.append("images[__proto__][admin_id]", "1");
    const response = await ctx.app.inject({ method: "POST", url: "/api/ads/get", ...(await multipart(body)) });
    expect(response.statusCode).toBe(400);
    expect(prototypeKeys()).toEqual(cleanPrototype);
  });

  it("refuses a session row that speaks for a user and an admin at once, or for nobody", async () => {
    const user = await createUser(ctx.db);
    const violation = (query: ReturnType<typeof sql>) =>
      ctx.db.execute(query).then(
        () => "inserted",
        (error: { cause?: { constraint_name?: string } }) => error.cause?.constraint_name,
      );
    expect(
      await violation(sql`insert into auth_sessions (user_id, admin_id, device_id) values (${user.id}, 1, 'x')`),
    ).toBe("auth_sessions_one_owner");
    expect(await violation(sql`insert into auth_sessions (device_id) values ('x')`)).toBe("auth_sessions_one_owner");
  });
});

describe("nestFormFields", () => {
  it("nests the spec's names into plain data", () => {
    const nested = nestFormFields({
      "images[0]": "a",
      "images[1]": "b",
      "attributes[0][id]": "7",
      "images_meta.profile_image.new": "p",
      "tags[]": ["x", "y"],
    });
    expect(JSON.parse(JSON.stringify(nested))).toEqual({
      images: ["a", "b"],
      attributes: [{ id: "7" }],
      images_meta: { profile_image: { new: "p" } },
      tags: ["x", "y"],
    });
  });

  it("refuses a list index that would make a huge list", () => {
    expect(() => nestFormFields({ "images[99999999]": "a" })).toThrow(/out of range/);
  });
});

async function hashOf(password: string) {
  const { hash } = await import("@node-rs/argon2");
  return hash(password);
}
