import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app.ts";
import { securityHeadersPlugin } from "./security-headers.ts";

const ctx = useTestApp();
const image = "security-headers-test/photo.webp";
beforeAll(async () => {
  // A page of the web app (plugins/web-app.ts in server.ts), which writes the nonce into its scripts.
  ctx.app.get("/categories/*", async (_request, reply) =>
    reply.type("text/html").send(`<script nonce="${reply.scriptNonce}">`),
  );
  await ctx.storage.put(image, Buffer.from("RIFF....WEBP"));
});
afterAll(() => ctx.storage.remove(image));

/** A policy as directive name → sources. */
function policyOf(header: string | string[] | number | undefined) {
  expect(typeof header).toBe("string");
  return Object.fromEntries(
    (header as string).split(";").map((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe("security headers", () => {
  it.each([
    ["a JSON read", "GET", "/api/categories/active", 200],
    ["an unknown API path", "GET", "/api/no-such-thing", 404],
    ["a refused login", "POST", "/api/auth/login", 422],
    ["a stored image", "GET", `/media/${image}`, 200],
    ["an image that is not there", "GET", "/media/nothing-here.webp", 404],
  ] as const)("%s may do nothing when opened as a document", async (_, method, url, status) => {
    const response = await ctx.app.inject({ method, url, ...(method === "POST" && { payload: {} }) });
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    // Helmet's other defaults, worked out once and set on every response.
    expect(response.headers).toMatchObject({
      "cross-origin-resource-policy": "same-origin",
      "origin-agent-cluster": "?1",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
    // http://localhost in development and tests: HSTS would pin a developer's browser to https.
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("lets a page run only our own script files and inline scripts with this response's nonce", async () => {
    const first = await ctx.app.inject({ url: "/categories/1" });
    const second = await ctx.app.inject({ url: "/categories/1" });
    const policy = policyOf(first.headers["content-security-policy"]);
    const nonce = /nonce="([^"]+)"/.exec(first.body)![1]!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.body).not.toContain(nonce);

    expect(policy["script-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'self'"]);
    expect(policy["form-action"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["frame-src"]).toEqual(["'none'"]);
    expect(policy["connect-src"]).toEqual(["'self'", "blob:"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(policy["upgrade-insecure-requests"]).toBeUndefined();
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  });

  it("lets the API docs viewer load its own files, still without inline scripts", async () => {
    const response = await ctx.app.inject({ url: "/api/docs" });
    expect(response.statusCode).toBe(200);
    const policy = policyOf(response.headers["content-security-policy"]);
    expect(policy["script-src"]).toEqual(["'self'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });
});

describe("security headers in production", () => {
  const build = async (social: Record<"google" | "facebook" | "apple", unknown>, mediaBaseUrl = "/media") => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { production: true, social, mediaBaseUrl });
    app.get("/", async () => "page");
    app.get("/api/ping", async () => ({ ok: true }));
    return app;
  };

  it("pins browsers to HTTPS and upgrades any http: address on a page", async () => {
    const app = await build({ google: undefined, facebook: undefined, apple: undefined });
    const [page, json] = await Promise.all([app.inject({ url: "/" }), app.inject({ url: "/api/ping" })]);
    expect(page.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(json.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(policyOf(page.headers["content-security-policy"])["upgrade-insecure-requests"]).toEqual([]);
  });

  it("allows a sign-in provider's SDK only when that provider is set up", async () => {
    const app = await build({ google: { clientIds: ["web"] }, facebook: undefined, apple: undefined });
    const policy = policyOf((await app.inject({ url: "/" })).headers["content-security-policy"]);
    expect(policy["script-src"]).toContain("https://accounts.google.com/gsi/client");
    expect(policy["frame-src"]).toEqual(["https://accounts.google.com/gsi/"]);
    expect(policy["connect-src"]).toEqual(["'self'", "blob:", "https://accounts.google.com/gsi/"]);
    expect(JSON.stringify(policy)).not.toMatch(/facebook|apple/);
  });

  it("lets pages show and crop pictures from a CDN or bucket only under MEDIA_BASE_URL", async () => {
    const none = { google: undefined, facebook: undefined, apple: undefined };
    const app = await build(none, "https://cdn.waterside.lr/media");
    const policy = policyOf((await app.inject({ url: "/" })).headers["content-security-policy"]);
    expect(policy["img-src"]).toEqual(["'self'", "data:", "blob:", "https://cdn.waterside.lr/media/"]);
    expect(policy["connect-src"]).toEqual(["'self'", "blob:", "https://cdn.waterside.lr/media/"]);
  });
});
