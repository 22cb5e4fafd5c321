import { mkdirSync, mkdtempSync, realpathSync, renameSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { describeNeeding } from "../test/needs.ts";
import { webAppMissing } from "../test/server-process.ts";
import { useTestApp } from "../test/test-app.ts";
import { registerWebApp } from "./web-app.ts";

const ctx = useTestApp();

describeNeeding([webAppMissing()], "a rebuild under a running server", { timeout: 30_000 }, () => {
  // A web root laid out as apps/web/scripts/build-atomically.ts leaves it: build/ links to the newest of builds/.
  const webRoot = mkdtempSync(path.join(tmpdir(), "waterside-web-root-"));
  const link = (target: string) => {
    const next = path.join(webRoot, "build.next");
    symlinkSync(target, next, "dir");
    renameSync(next, path.join(webRoot, "build"));
  };

  beforeAll(async () => {
    mkdirSync(path.join(webRoot, "builds"));
    const built = realpathSync(path.resolve(import.meta.dirname, "../../../web/build"));
    symlinkSync(built, path.join(webRoot, "builds/first"), "dir");
    link("builds/first");
    await registerWebApp(ctx.app, { webRoot, dev: false, publicUrl: "http://waterside.test" });
  });

  it("keeps serving the assets its pages name after build/ moves to a new build", async () => {
    // As a browser that has run the app gets it: with its code's files named (decision 111).
    const page = await ctx.app.inject({ method: "GET", url: "/", headers: { cookie: "waterside_app_ran=1" } });
    expect(page.statusCode).toBe(200);
    const asset = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
    expect(asset).toBeDefined();
    expect((await ctx.app.inject({ method: "GET", url: asset! })).statusCode).toBe(200);

    // The next build has other hashed names; build/ now points at it.
    mkdirSync(path.join(webRoot, "builds/second/client/assets"), { recursive: true });
    mkdirSync(path.join(webRoot, "builds/second/server"), { recursive: true });
    link("builds/second");

    const again = await ctx.app.inject({ method: "GET", url: asset! });
    expect(again.statusCode).toBe(200);
    expect(again.headers["content-type"]).toMatch(/javascript/);
  });
});
