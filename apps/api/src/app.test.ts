import { Readable } from "node:stream";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PATCH_OR_OVERRIDE } from "./plugins/request-body.ts";
import { signedInUser } from "./test/factories.ts";
import { multipart } from "./test/multipart.ts";
import { useTestApp } from "./test/test-app.ts";

const ctx = useTestApp();
const MULTIPART_BODY =
  '--XYZ\r\nContent-Disposition: form-data; name="images[0]"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc\r\n--XYZ--\r\n';

beforeAll(async () => {
  // Routes that exist only here, to exercise the conventions every module relies on.
  ctx.app.register(
    async (api) => {
      api.post(
        "/echo",
        {
          schema: {
            body: z.object({
              title: z
                .string({ message: "The title field is required." })
                .min(3, "The title must be at least 3 characters."),
            }),
          },
        },
        async (request) => ({ data: request.body }),
      );
      api.route({
        method: PATCH_OR_OVERRIDE as ["PATCH", "POST"],
        url: "/things/:id",
        handler: async (request) => ({ data: { method: request.method, body: request.body } }),
      });
      api.post("/form", async (request) => ({ data: request.body }));
      api.get("/boom", async () => {
        throw new Error("secret database password leaked in stack");
      });
    },
    { prefix: "/api/test" },
  );
});

describe("API conventions", () => {
  it("answers unknown API routes with a JSON 404", async () => {
    const response = await ctx.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.json()).toEqual({ message: "No route for GET /api/nope." });
  });

  it("gives 422 with field messages for invalid input", async () => {
    const missing = await ctx.app.inject({ method: "POST", url: "/api/test/echo", payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: "The title field is required.",
      errors: { title: ["The title field is required."] },
    });
    const short = await ctx.app.inject({ method: "POST", url: "/api/test/echo", payload: { title: "ab" } });
    expect(short.json().errors).toEqual({ title: ["The title must be at least 3 characters."] });
  });

  it("never leaks a stack trace or an internal message", async () => {
    const response = await ctx.app.inject({ url: "/api/test/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("secret");
    expect(response.body).not.toContain("at ");
    expect(response.json()).toEqual({ message: "Something went wrong on our side. Please try again." });
  });

  it("treats POST with _method=patch (body or header) as PATCH, and refuses a bare POST", async () => {
    const patch = await ctx.app.inject({ method: "PATCH", url: "/api/test/things/1", payload: { name: "a" } });
    expect(patch.json().data).toEqual({ method: "PATCH", body: { name: "a" } });
    const viaBody = await ctx.app.inject({
      method: "POST",
      url: "/api/test/things/1",
      payload: { _method: "patch", name: "b" },
    });
    expect(viaBody.statusCode).toBe(200);
    expect(viaBody.json().data.body).toEqual({ name: "b" });
    const viaHeader = await ctx.app.inject({
      method: "POST",
      url: "/api/test/things/1",
      headers: { "x-http-method-override": "PATCH" },
      payload: { name: "c" },
    });
    expect(viaHeader.statusCode).toBe(200);
    const bare = await ctx.app.inject({ method: "POST", url: "/api/test/things/1", payload: { name: "d" } });
    expect(bare.statusCode).toBe(422);
  });

  it("accepts multipart with nested field names and files, and url-encoded forms", async () => {
    const form = new FormData();
    form.append("title", "Keke for sale");
    form.append("attributes[0][id]", "3");
    form.append("attributes[0][values][0]", "Yes");
    form.append("images.profile_image.new", new Blob([Buffer.from("fake")]), "a.webp");
    const request = new Request("http://x", { method: "POST", body: form });
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/test/form",
      headers: { "content-type": request.headers.get("content-type")! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json().data;
    expect(body.title).toBe("Keke for sale");
    expect(body.attributes).toEqual([{ id: "3", values: ["Yes"] }]);
    expect(body.images.profile_image.new.type).toBe("Buffer");

    const encoded = await ctx.app.inject({
      method: "POST",
      url: "/api/test/form",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "a[b]=1&c=2",
    });
    expect(encoded.json().data).toEqual({ a: { b: "1" }, c: "2" });
  });

  it.each([
    ["a wrong boundary", "multipart/form-data; boundary=OTHER", MULTIPART_BODY],
    ["no boundary", "multipart/form-data", MULTIPART_BODY],
    ["a body cut short", "multipart/form-data; boundary=XYZ", MULTIPART_BODY.slice(0, 40)],
    ["garbage", "multipart/form-data; boundary=XYZ", "garbage\u0000\u0001"],
    ["a file cut short", "multipart/form-data; boundary=XYZ", MULTIPART_BODY.replace(/\r\n--XYZ--\r\n$/, "")],
  ])("answers a multipart body with %s with 400 and a clear message", async (_case, contentType, payload) => {
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/test/form",
      headers: { "content-type": contentType },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The multipart body could not be read. Please send the form again." });
  });

  it("refuses a visitor's upload to a signed-in route before reading its body", async () => {
    // A body that never ends: only a refusal that does not wait for it can answer.
    const endless = new Readable({ read() {} });
    endless.push(MULTIPART_BODY.slice(0, 60));
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/create",
      headers: { "content-type": "multipart/form-data; boundary=XYZ" },
      payload: endless,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe("Please log in to continue.");
    endless.destroy();
  });

  it("publishes an OpenAPI document generated from the routes, browsable at /api/docs", async () => {
    const document = await ctx.app.inject({ url: "/api/docs/json" });
    expect(document.statusCode).toBe(200);
    const spec = document.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        "/api/categories/active",
        "/api/subcategories/active",
        "/api/ads/filters/subcategory/{subcategory_id}",
        "/api/locations",
      ]),
    );
    expect((await ctx.app.inject({ url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("compresses JSON for clients that accept it", async () => {
    const response = await ctx.app.inject({
      url: "/api/categories/active",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.headers["content-encoding"]).toBe("br");
  });
});

describe("bad input is a clear 4xx, never a 500", () => {
  const beyondIds = "2147483648";

  it.each([
    ["GET", `/api/users/${beyondIds}`],
    ["GET", `/api/ads/id/${beyondIds}`],
    ["DELETE", `/api/ads/saved/${beyondIds}`],
    ["GET", `/api/ads/filters/subcategory/${beyondIds}`],
    ["GET", `/api/subcategories/featured-businesses/${beyondIds}`],
    ["GET", `/api/subcategories/${beyondIds}/attributes`],
    ["GET", `/api/subcategories/user?user_id=${beyondIds}`],
  ] as const)("refuses an id beyond PostgreSQL's integers: %s %s", async (method, url) => {
    const { headers } = await signedInUser(ctx.app, ctx.db);
    const response = await ctx.app.inject({ method, url, headers });
    expect(response.statusCode).toBe(422);
  });

  it.each(["category_id", "subcategory_id", "user_id"])("refuses %s beyond integers in /ads/get", async (field) => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/ads/get", payload: { [field]: beyondIds } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty(field);
  });

  it("refuses the NUL character in any text, naming the field", async () => {
    const search = await ctx.app.inject({ url: "/api/ads/search?search=a%00b" });
    expect(search.statusCode).toBe(422);
    expect(search.json()).toEqual({
      message: "Text cannot contain the NUL character.",
      errors: { search: ["Text cannot contain the NUL character."] },
    });

    const { headers } = await signedInUser(ctx.app, ctx.db);
    const form = new FormData();
    form.append("title", "Keke\u0000");
    form.append("description", "Good\u0000");
    form.append("attributes[Brand]", "Bajaj\u0000");
    const body = await multipart(form);
    const ad = await ctx.app.inject({
      method: "POST",
      url: "/api/ads/create",
      ...body,
      headers: { ...headers, ...body.headers },
    });
    expect(ad.statusCode).toBe(422);
    expect(Object.keys(ad.json().errors).sort()).toEqual(["attributes.Brand", "description", "title"]);

    const profile = await ctx.app.inject({
      method: "PATCH",
      url: "/api/user/profile",
      headers,
      payload: { name: "Musu\u0000", bio: "\u0000" },
    });
    expect(profile.statusCode).toBe(422);
    expect(Object.keys(profile.json().errors).sort()).toEqual(["bio", "name"]);

    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@b.lr", password: "x", device_id: "d\u0000" },
    });
    expect(login.statusCode).toBe(422);
    expect(login.json().errors).toHaveProperty("device_id");
  });

  it("reads a JSON body nested thousands of levels deep without a 500", async () => {
    const deep = `{"title":${"[".repeat(3_000)}"a\\u0000"${"]".repeat(3_000)}}`;
    const response = await ctx.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: deep,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe("Text cannot contain the NUL character.");
  });

  it("answers POST to an unknown API path with 404", async () => {
    const response = await ctx.app.inject({ method: "POST", url: "/api/nope", payload: { a: 1 } });
    expect(response.statusCode).toBe(404);
  });
});
