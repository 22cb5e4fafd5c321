import { AD_LIFECYCLE_MESSAGES, DEFAULT_EXPIRY_DAYS } from "@waterside/shared/ad-lifecycle";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { createAd, createUser, signedInAdmin } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();
let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await signedInAdmin(ctx.app, ctx.db, "Lifecycle Admin")).headers;
});

async function postForm(url: string, fields: Record<string, string>, image = true) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (image) {
    const picture = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#1a7" } })
      .png()
      .toBuffer();
    form.append("images[category_image]", new Blob([picture]), "picture.png");
  }
  const body = await multipart(form);
  return ctx.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe("a category's expiry_days (issue 28)", () => {
  it("is 30 unless given, set on create and update within 1–365, audited and listed", async () => {
    const plain = await postForm("/admin/categories", { name: "Lifecycle Boats" });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.expiry_days).toBe(DEFAULT_EXPIRY_DAYS);

    const created = await postForm("/admin/categories", { name: "Lifecycle Canoes", expiry_days: "60" });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.expiry_days).toBe(60);

    for (const wrong of ["0", "366", "abc"]) {
      const refused = await postForm(`/admin/categories/${id}`, { _method: "patch", expiry_days: wrong }, false);
      expect(refused.statusCode, wrong).toBe(422);
      expect(refused.json().message).toBe(AD_LIFECYCLE_MESSAGES.expiryDaysRange);
    }
    const updated = await postForm(`/admin/categories/${id}`, { _method: "patch", expiry_days: "14" }, false);
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.expiry_days).toBe(14);

    const list = await ctx.app.inject({ method: "GET", url: "/api/admin/categories", headers });
    expect(list.json().data.find((category: { id: number }) => category.id === id).expiry_days).toBe(14);
    const audit = await ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.target_type, "category"), eq(adminAuditLog.target_id, id)))
      .orderBy(adminAuditLog.id);
    expect(audit.map((row) => row.action)).toEqual(["category.create", "category.update"]);
    expect(audit[1]!.before).toMatchObject({ expiry_days: 60 });
    expect(audit[1]!.after).toMatchObject({ expiry_days: 14 });
  });
});

describe("the admin ads table's Expired and Sold", () => {
  it("filters ads by the new statuses", async () => {
    const seller = await createUser(ctx.db);
    const expired = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.expired });
    const sold = await createAd(ctx.db, { user_id: seller.id, status_id: AD_STATUS.sold, sold_at: new Date() });
    await createAd(ctx.db, { user_id: seller.id });
    for (const [status, id] of [
      ["Expired", expired.id],
      ["Sold", sold.id],
    ] as const) {
      const page = await ctx.app.inject({
        method: "POST",
        url: "/api/admin/ads",
        headers,
        payload: { user_id: seller.id, status },
      });
      expect(page.statusCode).toBe(200);
      expect(page.json().data.data.map((ad: { id: number }) => ad.id)).toEqual([id]);
      expect(page.json().data.data[0].status.name).toBe(status);
    }
  });
});
