import { hash } from "@node-rs/argon2";
import sharp from "sharp";
import { existsSync } from "node:fs";
import path from "node:path";
import { USER_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { eq } from "drizzle-orm";
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { authHeaders, createAd, createUser, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { USERS_RATE_LIMITS } from "./users.routes.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

const profile = (overrides: Record<string, unknown> = {}) => ({
  _method: "patch",
  name: "Musu Kollie",
  email: `musu-${Math.random().toString(36).slice(2)}@example.com`,
  phone_number: "231886123456",
  bio: "Selling in Sinkor",
  ...overrides,
});
const photo = () =>
  sharp({ create: { width: 800, height: 800, channels: 3, background: "#e11" } })
    .jpeg()
    .toBuffer();
const fileExists = (url: string) => existsSync(path.join(inject("mediaDir"), url.replace(/^\/media\//, "")));

describe("the signed-in user", () => {
  it("needs a token: 401 without, 403 with an admin's", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/user" })).statusCode).toBe(401);
    const { headers: adminHeaders } = await signedInAdmin(ctx.app, ctx.db);
    expect((await ctx.app.inject({ method: "GET", url: "/api/user", headers: adminHeaders })).statusCode).toBe(403);
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const me = await ctx.app.inject({ method: "GET", url: "/api/user", headers });
    expect(me.json().data).toMatchObject({ id: user.id, email: user.email, usertype: { name: "Individual" } });
  });

  it.each([
    [{ name: "" }, "name", "Name is required"],
    [{ email: "" }, "email", "Email field is required"],
    [{ phone_number: "1234" }, "phone_number", "Phone number not valid"],
    [{ phone_number: "" }, "phone_number", "Phone number not valid"],
  ])("refuses personal details %o with the spec's message", async (overrides, field, message) => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/user/profile",
      headers,
      payload: profile(overrides),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it("updates only the token's own row, with a new cropped picture replacing the old file", async () => {
    const { user, headers } = await signedInUser(ctx.app, ctx.db);
    const other = await createUser(ctx.db, { name: "Someone Else" });
    const form = new FormData();
    for (const [key, value] of Object.entries(profile({ name: "Musu K." }))) form.append(key, String(value));
    form.append("images.profile_image.new", new Blob([await photo()]), "me.jpg");
    const body = await multipart(form);
    const first = await ctx.app.inject({
      method: "POST",
      url: "/api/user/profile",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ message: "Updated!", data: { id: user.id, name: "Musu K." } });
    const firstUrl = first.json().data.profile_image_url;
    expect(firstUrl).toMatch(/^\/media\/profiles\/.+\.webp$/);
    const stored = await sharp(path.join(inject("mediaDir"), firstUrl.replace("/media/", ""))).metadata();
    expect([stored.width, stored.height, stored.format]).toEqual([400, 400, "webp"]);

    const form2 = new FormData();
    for (const [key, value] of Object.entries(profile())) form2.append(key, String(value));
    form2.append("images.profile_image.new", new Blob([await photo()]), "me2.jpg");
    const body2 = await multipart(form2);
    const second = await ctx.app.inject({
      method: "POST",
      url: "/api/user/profile",
      headers: { ...headers, ...body2.headers },
      payload: body2.payload,
    });
    expect(second.json().data.profile_image_url).not.toBe(firstUrl);
    expect(fileExists(firstUrl)).toBe(false);

    // Keeping the picture: the old URL is sent back and nothing changes.
    const kept = await ctx.app.inject({
      method: "POST",
      url: "/api/user/profile",
      headers,
      payload: profile({ images: { profile_image: { old: second.json().data.profile_image_url } } }),
    });
    expect(kept.json().data.profile_image_url).toBe(second.json().data.profile_image_url);

    const [untouched] = await ctx.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched!.name).toBe("Someone Else");
  });

  it("refuses an email another account uses", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const other = await createUser(ctx.db);
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/user/profile",
      headers,
      payload: profile({ email: other.email.toUpperCase() }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.email).toEqual(["This email is already registered."]);
  });

  it("changes the password after checking the old one, signing out the other devices", async () => {
    const user = await createUser(ctx.db, { password_hash: await hash("old-password") });
    const here = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    const elsewhere = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    const change = (payload: object) =>
      ctx.app.inject({ method: "PATCH", url: "/api/user/password", headers: here, payload });

    const short = await change({
      old_password: "old-password",
      new_password: "short",
      new_password_confirmation: "short",
    });
    expect(short.json().errors.new_password).toContain("Password must be at least 8 characters");
    const mismatch = await change({
      old_password: "old-password",
      new_password: "new-password",
      new_password_confirmation: "other-pass",
    });
    expect(mismatch.json().errors.new_password_confirmation).toContain("Passwords should match!");
    const wrong = await change({
      old_password: "not-it-at-all",
      new_password: "new-password",
      new_password_confirmation: "new-password",
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.old_password).toEqual(["The current password is incorrect."]);

    const ok = await change({
      old_password: "old-password",
      new_password: "new-password",
      new_password_confirmation: "new-password",
    });
    expect(ok.json().message).toBe("Updated!");
    expect((await ctx.app.inject({ method: "GET", url: "/api/user", headers: here })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/api/user", headers: elsewhere })).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "new-password", device_id: "d" },
    });
    expect(login.statusCode).toBe(200);
  });

  it("switches an individual to a company once, never back", async () => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const missing = await ctx.app.inject({
      method: "POST",
      url: "/api/user/switch-account-type",
      headers,
      payload: { _method: "patch" },
    });
    expect(missing.json().errors).toMatchObject({
      address: ["Address is required"],
      description: ["Description is required"],
    });
    const payload = { _method: "patch", address: "Broad Street, Monrovia", description: "Phones and repairs" };
    const upgraded = await ctx.app.inject({ method: "POST", url: "/api/user/switch-account-type", headers, payload });
    expect(upgraded.statusCode).toBe(200);
    expect(upgraded.json().data).toMatchObject({
      usertype_id: USER_TYPE.company,
      company: { address: "Broad Street, Monrovia" },
    });
    const again = await ctx.app.inject({ method: "POST", url: "/api/user/switch-account-type", headers, payload });
    expect(again.statusCode).toBe(409);
  });

  it("shows any active user's public profile, the email to signed-in users only, the phone to nobody else, and no account secrets", async () => {
    const seller = await createUser(ctx.db, { phone_number: "231777000111", google_id: "g-123" });
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const response = await ctx.app.inject({ method: "GET", url: `/api/users/${seller.id}`, headers });
    // The number is revealed through POST /ads/{id}/phone under its daily cap (decision 072).
    expect(response.json().data).toMatchObject({ id: seller.id, email: seller.email, phone_number: null });
    const visitor = await ctx.app.inject({ method: "GET", url: `/api/users/${seller.id}` });
    expect(visitor.json().data).toMatchObject({ id: seller.id, name: seller.name, email: null, phone_number: null });
    expect(response.json().data).not.toHaveProperty("google_id");
    expect(response.json().data).not.toHaveProperty("status_id");
    await ctx.db.update(users).set({ status_id: USER_STATUS.banned }).where(eq(users.id, seller.id));
    expect((await ctx.app.inject({ method: "GET", url: `/api/users/${seller.id}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: "GET", url: "/api/users/999999" })).statusCode).toBe(404);
  });

  it("limits how many profiles one account reads, so contact details cannot be harvested", async () => {
    const seller = await createUser(ctx.db);
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const statuses: number[] = [];
    for (let read = 0; read <= USERS_RATE_LIMITS.perUser.max; read++) {
      const response = await ctx.app.inject({
        method: "GET",
        url: `/api/users/${seller.id}`,
        headers,
        remoteAddress: `10.5.${Math.floor(read / 200)}.${read % 200}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("deletes the account: data erased, ads gone from lists, every device signed out, login refused", async () => {
    const user = await createUser(ctx.db, { password_hash: await hash("my-password"), phone_number: "231886000999" });
    const headers = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    const other = await authHeaders(ctx.app, { kind: "user", userId: user.id });
    const ad = await createAd(ctx.db, { user_id: user.id, title: "Deleted seller's generator" });

    const deleted = await ctx.app.inject({ method: "DELETE", url: "/api/user?device_id=d&platform=web", headers });
    expect(deleted.json().message).toBe("Deleted!");
    expect((await ctx.app.inject({ method: "GET", url: "/api/user", headers: other })).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: "Deleted user", phone_number: null, password_hash: null });
    expect(row!.email).not.toBe(user.email);
    const list = await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { user_id: user.id } });
    expect(list.json().data.data).toEqual([]);
    expect((await ctx.app.inject({ method: "GET", url: `/api/ads/id/${ad.id}` })).statusCode).toBe(404);
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: user.email, password: "my-password", device_id: "d" },
    });
    expect(login.statusCode).toBe(422);
  });
});
