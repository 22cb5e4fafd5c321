import { ADMIN_CATALOG_MESSAGES as M } from "@waterside/shared/admin-catalog-messages";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminAuditLog } from "../../db/schema/admin.ts";
import { createAd, signedInAdmin, signedInUser } from "../../test/factories.ts";
import { multipart } from "../../test/multipart.ts";
import { useTestApp } from "../../test/test-app.ts";

const ctx = useTestApp();

type Headers = Record<string, string>;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers = {}, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#1a7" } })
    .png()
    .toBuffer();
let names = 0;
const unique = (base: string) => `${base} ${++names}-${Math.random().toString(36).slice(2, 7)}`;

/** A multipart POST, as the admin screens send it. */
async function postForm(url: string, headers: Headers, fields: Record<string, string>, files: Record<string, Buffer>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const [key, value] of Object.entries(files)) form.append(key, new Blob([value]), "picture.png");
  const body = await multipart(form);
  return ctx.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

async function newCategory(headers: Headers, name = unique("Boats")) {
  const reply = await postForm("/admin/categories", headers, { name }, { "images[category_image]": await picture() });
  expect(reply.statusCode).toBe(201);
  return reply.json().data as { id: number; name: string; active: boolean; image_url: string };
}
async function newSubcategory(headers: Headers, categoryId: number, name = unique("Canoes")) {
  const reply = await postForm(
    "/admin/subcategories",
    headers,
    { category_id: String(categoryId), name },
    { images: await picture() },
  );
  expect(reply.statusCode).toBe(201);
  return reply.json().data as { id: number; name: string; active: boolean };
}

const auditRows = (targetType: string, targetId: number) =>
  ctx.db
    .select()
    .from(adminAuditLog)
    .where(sql`${adminAuditLog.target_type} = ${targetType} and ${adminAuditLog.target_id} = ${targetId}`)
    .orderBy(adminAuditLog.id);

/** Polls a read until it holds (up to 2 s): public caches drop on the "ads_changed" notification. */
async function eventually(check: () => Promise<boolean>) {
  const until = Date.now() + 2000;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("the public catalogue did not change within 2 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("admin catalogue routes", () => {
  it("refuse visitors (401) and user tokens (403)", async () => {
    const user = await signedInUser(ctx.app, ctx.db);
    const routes = [
      ["GET", "/admin/categories"],
      ["POST", "/admin/categories"],
      ["POST", "/admin/categories/1"],
      ["PATCH", "/admin/categories/1/active"],
      ["GET", "/admin/categories/report"],
      ["GET", "/admin/subcategories"],
      ["POST", "/admin/subcategories"],
      ["PATCH", "/admin/subcategories/1/active"],
      ["GET", "/admin/attribute-types"],
      ["POST", "/admin/attributes"],
      ["POST", "/admin/attributes/1"],
      ["POST", "/admin/subcategory-attributes"],
      ["DELETE", "/admin/subcategory-attributes/1"],
      ["POST", "/admin/attribute-options"],
      ["PATCH", "/admin/attribute-options/1"],
      ["DELETE", "/admin/attribute-options/1"],
      ["GET", "/admin/dashboard"],
    ] as const;
    for (const [method, url] of routes) {
      const payload = method === "GET" || method === "DELETE" ? undefined : {};
      expect((await call(method, url, {}, payload)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, user.headers, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("create a category with its picture, refuse missing fields and duplicate names in any letter case", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const name = unique("Tools");
    const created = await postForm(
      "/admin/categories",
      headers,
      { name },
      { "images[category_image]": await picture() },
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(M.categoryCreated);
    expect(created.json().data).toMatchObject({ name, active: false, ads_count: 0, subcategories: [] });
    expect(created.json().data.image_url).toMatch(/categories\/.+\.webp$/);

    const noName = await postForm("/admin/categories", headers, {}, { "images[category_image]": await picture() });
    expect(noName.statusCode).toBe(422);
    expect(noName.json().message).toBe(M.nameRequired);
    const blank = await postForm("/admin/categories", headers, { name: "  " }, { image: await picture() });
    expect(blank.json().message).toBe(M.nameRequired);
    const noImage = await postForm("/admin/categories", headers, { name: unique("Pictureless") }, {});
    expect(noImage.statusCode).toBe(422);
    expect(noImage.json().message).toBe(M.imageRequired);
    const duplicate = await postForm(
      "/admin/categories",
      headers,
      { name: name.toUpperCase() },
      { "images[category_image]": await picture() },
    );
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().message).toBe(M.categoryNameTaken);

    const id = created.json().data.id as number;
    const [row] = await auditRows("category", id);
    expect(row).toMatchObject({ admin_id: admin.id, action: "category.create" });
  });

  it("update a category by POST with _method=patch: rename, new picture, duplicate refused", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const first = await newCategory(headers);
    const second = await newCategory(headers);
    const renamed = unique("Renamed");
    const reply = await postForm(
      `/admin/categories/${first.id}`,
      headers,
      { _method: "patch", name: renamed },
      { image: await picture() },
    );
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.name).toBe(renamed);
    expect(reply.json().data.image_url).not.toBe(first.image_url);
    const clash = await postForm(
      `/admin/categories/${second.id}`,
      headers,
      { _method: "patch", name: renamed.toLowerCase() },
      {},
    );
    expect(clash.statusCode).toBe(422);
    expect(clash.json().message).toBe(M.categoryNameTaken);
    // Its own name in another case is not a clash.
    const sameName = await call("PATCH", `/admin/categories/${first.id}`, headers, { name: renamed.toUpperCase() });
    expect(sameName.statusCode).toBe(200);
    expect((await auditRows("category", first.id)).map((row) => row.action)).toEqual([
      "category.create",
      "category.update",
      "category.update",
    ]);
  });

  it("subcategories: required fields, names unique within their category only", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const category = await newCategory(headers);
    const other = await newCategory(headers);
    const sub = await newSubcategory(headers, category.id, "Kayaks");
    expect(sub).toMatchObject({ name: "Kayaks", active: false, category_id: category.id });
    const duplicate = await postForm(
      "/admin/subcategories",
      headers,
      { category_id: String(category.id), name: "KAYAKS" },
      { images: await picture() },
    );
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().message).toBe(M.subcategoryNameTaken);
    await newSubcategory(headers, other.id, "Kayaks");
    const noImage = await postForm(
      "/admin/subcategories",
      headers,
      { category_id: String(category.id), name: "X" },
      {},
    );
    expect(noImage.json().message).toBe(M.imageRequired);
    const noName = await postForm(
      "/admin/subcategories",
      headers,
      { category_id: String(category.id) },
      { images: await picture() },
    );
    expect(noName.json().message).toBe(M.nameRequired);
    const renamed = await call("PATCH", `/admin/subcategories/${sub.id}`, headers, { name: "Sea kayaks" });
    expect(renamed.json().data.name).toBe("Sea kayaks");
    const listed = await call("GET", `/admin/subcategories?category_id=${category.id}`, headers);
    expect(listed.json().data.map((row: { name: string }) => row.name)).toEqual(["Sea kayaks"]);
  });

  it("attributes: type required, names unique within a subcategory, options required with Has Options", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const category = await newCategory(headers);
    const sub = await newSubcategory(headers, category.id);
    const types = await call("GET", "/admin/attribute-types", headers);
    expect(types.json().data.map((type: { name: string }) => type.name)).toEqual(["Boolean", "Number", "Text"]);

    const noType = await call("POST", "/admin/attributes", headers, { name: "Hull" });
    expect(noType.statusCode).toBe(422);
    expect(noType.json().message).toBe(M.typeRequired);
    const noName = await call("POST", "/admin/attributes", headers, { attribute_type_id: 3 });
    expect(noName.json().message).toBe(M.nameRequired);

    const hull = await call("POST", "/admin/attributes", headers, {
      name: "Hull",
      attribute_type_id: 3,
      subcategory_id: sub.id,
    });
    expect(hull.statusCode).toBe(201);
    expect(hull.json()).toMatchObject({
      message: M.attributeCreated,
      data: { name: "Hull", attribute_type: { name: "Text" } },
    });
    const hullId = hull.json().data.id as number;

    const withoutOptions = await call("POST", "/admin/subcategory-attributes", headers, {
      subcategory_id: sub.id,
      attribute_id: hullId,
      has_options: true,
      options: " , ",
    });
    expect(withoutOptions.statusCode).toBe(422);
    expect(withoutOptions.json().message).toBe(M.optionsRequired);

    const linked = await call("POST", "/admin/subcategory-attributes", headers, {
      subcategory_id: sub.id,
      attribute_id: hullId,
      has_options: true,
      is_required: true,
      options: " Wood, Fibreglass ,Aluminium,Wood",
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json().data.options.map((option: { value: string }) => option.value)).toEqual([
      "Wood",
      "Fibreglass",
      "Aluminium",
    ]);

    const again = await call("POST", "/admin/attributes", headers, {
      name: "hull",
      attribute_type_id: 3,
      subcategory_id: sub.id,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(M.attributeNameTaken);

    const updated = await call("POST", `/admin/attributes/${hullId}`, headers, {
      _method: "patch",
      name: "Hull material",
    });
    expect(updated.json()).toMatchObject({ message: M.attributeUpdated, data: { name: "Hull material" } });
    expect((await auditRows("attribute", hullId)).map((row) => row.action)).toEqual([
      "attribute.create",
      "attribute.update",
    ]);
  });

  it("activation rules: a category needs an active subcategory; a subcategory with attributes needs an active one", async () => {
    const { admin, headers } = await signedInAdmin(ctx.app, ctx.db);
    const category = await newCategory(headers);
    const refused = await call("PATCH", `/admin/categories/${category.id}/active`, headers, { active: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(M.categoryNeedsActiveSubcategory);
    const toggled = await call("PATCH", `/admin/categories/${category.id}/active`, headers);
    expect(toggled.json().message).toBe(M.categoryNeedsActiveSubcategory);

    const sub = await newSubcategory(headers, category.id);
    const attribute = await call("POST", "/admin/attributes", headers, { name: "Length", attribute_type_id: 2 });
    const link = await call("POST", "/admin/subcategory-attributes", headers, {
      subcategory_id: sub.id,
      attribute_id: attribute.json().data.id,
    });
    const linkId = link.json().data.id as number;
    await call("PATCH", `/admin/subcategory-attributes/${linkId}`, headers, { active: false });
    const subRefused = await call("PATCH", `/admin/subcategories/${sub.id}/active`, headers, { active: true });
    expect(subRefused.statusCode).toBe(422);
    expect(subRefused.json().message).toBe(M.subcategoryNeedsActiveAttribute);

    await call("PATCH", `/admin/subcategory-attributes/${linkId}`, headers, { active: true });
    const subOn = await call("PATCH", `/admin/subcategories/${sub.id}/active`, headers);
    expect(subOn.statusCode).toBe(200);
    expect(subOn.json().data.active).toBe(true);
    const on = await call("PATCH", `/admin/categories/${category.id}/active`, headers, { active: true });
    expect(on.json().data).toMatchObject({ active: true });
    // Already active: nothing changes and nothing more is recorded.
    await call("PATCH", `/admin/categories/${category.id}/active`, headers, { active: true });
    const rows = await auditRows("category", category.id);
    expect(rows.map((row) => row.action)).toEqual(["category.create", "category.active"]);
    expect(rows[1]).toMatchObject({ admin_id: admin.id, before: { active: false }, after: { active: true } });

    // A subcategory without attributes can be switched on.
    const bare = await newSubcategory(headers, category.id);
    expect((await call("PATCH", `/admin/subcategories/${bare.id}/active`, headers, { active: true })).statusCode).toBe(
      200,
    );

    const report = await call("GET", "/admin/categories/report", headers);
    const entry = report.json().data.find((row: { id: number }) => row.id === category.id);
    expect(entry).toMatchObject({ name: category.name, active: true });
    expect(entry.subcategories).toEqual([
      { id: sub.id, name: sub.name, active: true, ads_count: 0 },
      { id: bare.id, name: bare.name, active: true, ads_count: 0 },
    ]);
  });

  it("a new activated category, subcategory and required attribute reach the public catalogue and the wizard at once", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const category = await newCategory(headers);
    const sub = await newSubcategory(headers, category.id);
    // Warm the public caches first, so the test shows they drop.
    expect((await call("GET", "/categories/active")).statusCode).toBe(200);
    await call("PATCH", `/admin/subcategories/${sub.id}/active`, headers, { active: true });
    await call("PATCH", `/admin/categories/${category.id}/active`, headers, { active: true });
    await eventually(async () => {
      const active = (await call("GET", "/categories/active")).json().data as Array<{
        id: number;
        subcategories: Array<{ id: number }>;
      }>;
      return active.some((row) => row.id === category.id && row.subcategories.some((s) => s.id === sub.id));
    });

    expect((await call("GET", `/subcategories/${sub.id}/attributes`)).json().data).toEqual([]);
    expect((await call("GET", `/ads/filters/subcategory/${sub.id}`)).statusCode).toBe(200);
    const attribute = await call("POST", "/admin/attributes", headers, {
      name: "Engine",
      attribute_type_id: 3,
      subcategory_id: sub.id,
    });
    const link = await call("POST", "/admin/subcategory-attributes", headers, {
      subcategory_id: sub.id,
      attribute_id: attribute.json().data.id,
      has_options: "1",
      is_required: "1",
      is_restricted: "1",
      options: ["Outboard", "Inboard"],
    });
    expect(link.statusCode).toBe(201);
    const linkId = link.json().data.id as number;
    const wizard = await call("GET", `/subcategories/${sub.id}/attributes`);
    expect(wizard.json().data).toMatchObject([
      { id: linkId, is_required: true, is_restricted: true, options: [{ value: "Outboard" }, { value: "Inboard" }] },
    ]);
    await eventually(async () => {
      const filters = (await call("GET", `/ads/filters/subcategory/${sub.id}`)).json().data as Array<{
        name: string;
        values: string[];
      }>;
      return filters.some((filter) => filter.name === "Engine" && filter.values.join() === "Outboard,Inboard");
    });

    // Options: add, rename, delete; each reaches the filters.
    const added = await call("POST", "/admin/attribute-options", headers, {
      subcategory_attribute_id: linkId,
      values: ["Electric", "Outboard"],
    });
    expect(added.json().data.map((option: { value: string }) => option.value)).toEqual(["Electric"]);
    const optionId = added.json().data[0].id as number;
    const renamed = await call("POST", `/admin/attribute-options/${optionId}`, headers, {
      _method: "patch",
      value: "Solar",
    });
    expect(renamed.json().data).toEqual({ id: optionId, value: "Solar" });
    const clash = await call("PATCH", `/admin/attribute-options/${optionId}`, headers, { value: "Inboard" });
    expect(clash.statusCode).toBe(422);
    await eventually(async () => {
      const filters = (await call("GET", `/ads/filters/subcategory/${sub.id}`)).json().data as Array<{
        values: string[];
      }>;
      return filters[0]?.values.join() === "Outboard,Inboard,Solar";
    });
    expect((await call("DELETE", `/admin/attribute-options/${optionId}`, headers)).json().message).toBe(M.deleted);

    // Delete: the link, its options and the attribute (used nowhere else) go together.
    const deleted = await call("DELETE", `/admin/subcategory-attributes/${linkId}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(M.attributeDeleted);
    expect((await call("GET", `/subcategories/${sub.id}/attributes`)).json().data).toEqual([]);
    const [left] = await ctx.db.execute<{ options: number; attributes: number }>(sql`
      select (select count(*)::int from attribute_options where subcategory_attribute_id = ${linkId}) as options,
        (select count(*)::int from attributes where id = ${attribute.json().data.id}) as attributes`);
    expect(left).toEqual({ options: 0, attributes: 0 });
    expect((await auditRows("subcategory_attribute", linkId)).map((row) => row.action)).toEqual([
      "subcategory_attribute.create",
      "attribute_option.create",
      "subcategory_attribute.delete",
    ]);
    await eventually(async () => (await call("GET", `/ads/filters/subcategory/${sub.id}`)).json().data.length === 0);
  });

  it("refuse deleting a subcategory attribute that ads carry values for (switch it off instead)", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const [used] = await ctx.db.execute<{ id: number }>(
      sql`select subcategory_attribute_id as id from ad_attribute_values limit 1`,
    );
    if (!used) {
      // The template holds no ads with values: make one.
      const seller = await signedInUser(ctx.app, ctx.db);
      const [link] = await ctx.db.execute<{ id: number; subcategory_id: number }>(
        sql`select id, subcategory_id from subcategory_attributes limit 1`,
      );
      const ad = await createAd(ctx.db, { user_id: seller.user.id, subcategory_id: link!.subcategory_id });
      await ctx.db.execute(
        sql`insert into ad_attribute_values (ad_id, subcategory_attribute_id, value) values (${ad.id}, ${link!.id}, 'x')`,
      );
    }
    const [inUse] = await ctx.db.execute<{ id: number }>(
      sql`select subcategory_attribute_id as id from ad_attribute_values limit 1`,
    );
    const refused = await call("DELETE", `/admin/subcategory-attributes/${inUse!.id}`, headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.attributeInUse);
  });

  it("GET /admin/categories lists inactive ones with every subcategory and ads counts", async () => {
    const { headers } = await signedInAdmin(ctx.app, ctx.db);
    const category = await newCategory(headers);
    const sub = await newSubcategory(headers, category.id);
    const reply = await call("GET", "/admin/categories", headers);
    expect(reply.statusCode).toBe(200);
    const found = reply.json().data.find((row: { id: number }) => row.id === category.id);
    expect(found).toMatchObject({ active: false, ads_count: 0, subcategories: [{ id: sub.id, active: false }] });
  });
});
