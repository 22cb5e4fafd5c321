import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { PATCH_OR_OVERRIDE } from "./plugins/request-body.ts";
import { createTestApp } from "./test/test-app.ts";

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
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
afterAll(() => ctx.close());

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
