import { beforeAll, describe, expect, it } from "vitest";
import { exchangeRates } from "../db/schema/exchange-rates.ts";
import { createTestApp, useTestApp } from "../test/test-app.ts";

type Operation = { security?: Array<Record<string, string[]>> };
type Document = { paths: Record<string, Record<string, Operation>> };

const ctx = useTestApp();
let spec: Document;
beforeAll(async () => {
  // What server.ts adds outside tests: the web app answers every other path.
  ctx.app.all("/*", async () => "page");
  // A guard is found in any hook that runs before the handler, alone or among others.
  const allow = async () => {};
  ctx.app.get("/api/test/on-request", { onRequest: ctx.app.requireUser, schema: { tags: ["test"] } }, allow);
  ctx.app.get(
    "/api/test/among-others",
    { preHandler: [allow, ctx.app.requireAdmin], schema: { tags: ["test"] } },
    allow,
  );
  ctx.app.get("/api/test/unguarded", { preHandler: [allow], schema: { tags: ["test"] } }, allow);
  const document = await ctx.app.inject({ url: "/api/docs/json" });
  expect(document.statusCode).toBe(200);
  spec = document.json();
});

const operation = (method: string, path: string) => spec.paths[path]?.[method];
const bearer = [{ bearer: [] }];

describe("the OpenAPI document", () => {
  it("lists only the API: no web app pages, no stored images, no docs viewer", () => {
    const paths = Object.keys(spec.paths);
    expect(paths).toEqual(expect.arrayContaining(["/api/ads/get", "/api/auth/login", "/api/user"]));
    expect(paths.filter((path) => !path.startsWith("/api/"))).toEqual([]);
    expect(paths.filter((path) => path.startsWith("/api/docs"))).toEqual([]);
  });

  it.each([
    ["post", "/api/auth/logout"],
    ["get", "/api/user"],
    ["delete", "/api/user"],
    ["patch", "/api/user/profile"],
    ["post", "/api/user/profile"],
    // A guard among rate-limit preHandlers counts too.
    ["post", "/api/ads/create"],
    ["patch", "/api/ads/{id}"],
    ["delete", "/api/ads/saved/{ad_id}"],
    ["get", "/api/admin/auth/me"],
    ["post", "/api/admin/auth/logout"],
    ["get", "/api/test/on-request"],
    ["get", "/api/test/among-others"],
  ])("marks %s %s as needing a bearer token", (method, path) => {
    expect(operation(method, path)?.security).toEqual(bearer);
  });

  it.each([
    ["post", "/api/auth/login"],
    ["post", "/api/auth/refresh"],
    ["post", "/api/admin/auth/login"],
    ["post", "/api/password-reset/reset"],
    // Public lists read a token when there is one (is_saved) but never require it.
    ["post", "/api/ads/get"],
    ["get", "/api/ads/id/{id}"],
    ["get", "/api/locations"],
    ["get", "/api/test/unguarded"],
  ])("leaves %s %s open to visitors", (method, path) => {
    expect(operation(method, path)).toBeDefined();
    expect(operation(method, path)?.security).toBeUndefined();
  });

  it("marks exactly the operations that refuse a visitor", async () => {
    // GETs without path or required query parameters can be called as they are: the guard answers, not validation.
    const callable = Object.entries(spec.paths).filter(
      ([path, operations]) =>
        !path.includes("{") &&
        !path.startsWith("/api/test/") &&
        operations.get &&
        !(operations.get as { parameters?: Array<{ required?: boolean }> }).parameters?.some((p) => p.required),
    );
    expect(callable.length).toBeGreaterThan(5);
    // GET /exchange-rates/latest answers 404 until an admin has set a rate: one is set, as every running site has.
    await ctx.db.insert(exchangeRates).values({ usd_lrd: 190 });
    for (const [path, operations] of callable) {
      const response = await ctx.app.inject({ method: "GET", url: path });
      expect({ path, status: response.statusCode }).toEqual({
        path,
        status: operations.get!.security ? 401 : 200,
      });
    }
  });
});

describe("serving the document", () => {
  it("keeps /api/docs closed when API_DOCS is off, as in production by default", async () => {
    const closed = await createTestApp({ API_DOCS: "false" });
    try {
      expect((await closed.app.inject({ url: "/api/docs" })).statusCode).toBe(404);
      expect((await closed.app.inject({ url: "/api/docs/json" })).statusCode).toBe(404);
      // The API itself still answers.
      expect((await closed.app.inject({ url: "/api/categories/active" })).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });
});
