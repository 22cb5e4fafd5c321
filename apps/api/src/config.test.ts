import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const tempDir = () => mkdtempSync(path.join(tmpdir(), "waterside-config-"));

describe("loadConfig", () => {
  it("stops on a bad value with one line naming the variable", () => {
    expect(() => loadConfig({ PORT: "abc" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "abc" })).toThrow('Invalid configuration: PORT must be a port number (got "abc")');
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL/,
    );
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(/^Invalid configuration: SEED_DEMO must be true or false/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT: "0" })).toThrow(
      /^Invalid configuration: SHUTDOWN_TIMEOUT must be more than 0/,
    );
  });

  it("uses the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config).toMatchObject({ env: "development", port: 3000, host: "0.0.0.0", seedDemo: true, demoAds: 520 });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.shutdownTimeoutMs).toBe(10_000);
  });

  it("runs the job workers unless told not to, and then needs Redis for the workers' announcements", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).jobWorkers).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, JOB_WORKERS: "off" })).toThrow(
      "Invalid configuration: JOB_WORKERS=off needs REDIS_URL",
    );
    expect(loadConfig({ DATA_DIR: dataDir, JOB_WORKERS: "off", REDIS_URL: "redis://127.0.0.1:6379" }).jobWorkers).toBe(
      false,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, JOB_WORKERS: "no" })).toThrow(
      /^Invalid configuration: JOB_WORKERS must be on or off/,
    );
  });

  it("serves /metrics only with a token of its own, drains 5 s before stopping, and logs requests outside production", () => {
    const dataDir = tempDir();
    const defaults = loadConfig({ DATA_DIR: dataDir });
    expect(defaults.metricsToken).toBeUndefined();
    expect(defaults.shutdownDrainMs).toBe(5000);
    expect(defaults.logRequests).toBe(true);
    expect(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }).shutdownDrainMs).toBe(0);
    const production = loadConfig({
      NODE_ENV: "production",
      TOKEN_SECRET: "s".repeat(40),
      SMTP_URL: "smtp://mail:25",
      PUBLIC_URL: "https://waterside.lr",
    });
    expect(production.logRequests).toBe(false);
    expect(production.shutdownDrainMs).toBe(5000);

    const set = loadConfig({
      DATA_DIR: dataDir,
      METRICS_TOKEN: "m".repeat(32),
      SHUTDOWN_DRAIN: "0.5",
      LOG_REQUESTS: "off",
    });
    expect(set).toMatchObject({ metricsToken: "m".repeat(32), shutdownDrainMs: 500, logRequests: false });
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DRAIN: "0" }).shutdownDrainMs).toBe(0);

    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "short" })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be at least 24 characters/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: `${"m".repeat(30)} x` })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be printable ASCII without spaces/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DRAIN: "-1" })).toThrow(
      /^Invalid configuration: SHUTDOWN_DRAIN must be 0 or more/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, LOG_REQUESTS: "yes" })).toThrow(
      /^Invalid configuration: LOG_REQUESTS must be on or off/,
    );
  });

  it("holds pushes and SMS from 22:00 to 07:00 unless the quiet hours are set otherwise or off", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).quietHours).toEqual({ from: 22, to: 7 });
    expect(loadConfig({ DATA_DIR: dataDir, QUIET_HOURS: "21-6" }).quietHours).toEqual({ from: 21, to: 6 });
    expect(loadConfig({ DATA_DIR: dataDir, QUIET_HOURS: "off" }).quietHours).toBeNull();
    for (const bad of ["25-3", "7-7", "22", "night"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, QUIET_HOURS: bad })).toThrow(
        /^Invalid configuration: QUIET_HOURS must be off/,
      );
    }
  });

  it("generates the token secret once in development and keeps it under the data folder", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).tokenSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect(readFileSync(path.join(dataDir, "secrets.json"), "utf8")).toContain(first);
  });

  it("requires the token secret in production and never seeds demo data there", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: tempDir() })).toThrow(
      "Invalid configuration: TOKEN_SECRET is required when NODE_ENV=production",
    );
    const config = loadConfig({
      NODE_ENV: "production",
      TOKEN_SECRET: "s".repeat(40),
      SMTP_URL: "smtp://mail:25",
      PUBLIC_URL: "https://waterside.lr/",
    });
    expect(config.seedDemo).toBe(false);
    expect(config.publicUrl).toBe("https://waterside.lr");
    expect(config.apiDocs).toBe(false);
  });

  it("requires the public origin in production, where nothing else may name it", () => {
    expect(() =>
      loadConfig({ NODE_ENV: "production", TOKEN_SECRET: "s".repeat(40), SMTP_URL: "smtp://mail:25" }),
    ).toThrow("Invalid configuration: PUBLIC_URL is required when NODE_ENV=production");
    expect(loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "s".repeat(40), PORT: "4100" }).publicUrl).toBe(
      "http://localhost:4100",
    );
  });

  it("believes forwarded headers only from configured proxies", () => {
    const base = { NODE_ENV: "test", TOKEN_SECRET: "s".repeat(40) } as const;
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "loopback" }).trustProxy).toEqual(["loopback"]);
    expect(loadConfig({ ...base, TRUST_PROXY: "10.0.0.1, 10.1.0.0/16" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
    ]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "1" })).toThrow(/^Invalid configuration: TRUST_PROXY must be/);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "everyone" })).toThrow(
      /^Invalid configuration: TRUST_PROXY must be/,
    );
  });

  it("requires mail in production and complete social provider settings", () => {
    expect(() => loadConfig({ NODE_ENV: "production", TOKEN_SECRET: "s".repeat(40) })).toThrow(
      "Invalid configuration: SMTP_URL is required when NODE_ENV=production",
    );
    expect(() => loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "s".repeat(40), FACEBOOK_APP_ID: "123" })).toThrow(
      "Invalid configuration: FACEBOOK_APP_ID, FACEBOOK_APP_SECRET go together",
    );
    const config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "s".repeat(40), GOOGLE_CLIENT_ID: "web, android" });
    expect(config.social.google?.clientIds).toEqual(["web", "android"]);
    expect(config.social.facebook).toBeUndefined();
  });

  it("keeps media on disk under /media unless S3_BUCKET is set, and refuses half an S3 configuration", () => {
    const base = { NODE_ENV: "test", TOKEN_SECRET: "s".repeat(40) } as const;
    expect(loadConfig(base)).toMatchObject({ mediaBaseUrl: "/media", s3: undefined });
    expect(loadConfig({ ...base, MEDIA_BASE_URL: "https://cdn.waterside.lr/media/" }).mediaBaseUrl).toBe(
      "https://cdn.waterside.lr/media",
    );
    const s3 = {
      ...base,
      S3_BUCKET: "waterside-media",
      S3_REGION: "af-south-1",
      MEDIA_BASE_URL: "https://media.waterside.lr",
    };
    expect(loadConfig(s3).s3).toEqual({
      bucket: "waterside-media",
      region: "af-south-1",
      endpoint: undefined,
      credentials: undefined,
    });
    expect(
      loadConfig({
        ...s3,
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }).s3,
    ).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
    });

    expect(() => loadConfig({ ...base, S3_REGION: "af-south-1", S3_ACCESS_KEY_ID: "id" })).toThrow(
      "Invalid configuration: S3_REGION, S3_ACCESS_KEY_ID set without S3_BUCKET, which turns S3 on",
    );
    expect(() => loadConfig({ ...s3, S3_REGION: "" })).toThrow(
      "Invalid configuration: S3_REGION is required with S3_BUCKET (S3 storage is on)",
    );
    expect(() => loadConfig({ ...s3, MEDIA_BASE_URL: undefined })).toThrow(
      "Invalid configuration: MEDIA_BASE_URL is required with S3_BUCKET (S3 storage is on)",
    );
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: "id" })).toThrow(
      "Invalid configuration: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY go together",
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: "Waterside_Media" })).toThrow(
      /^Invalid configuration: S3_BUCKET must be a bucket name/,
    );
    for (const bad of ["media", "/", "ftp://cdn.waterside.lr", "https://cdn.waterside.lr/media?v=1"]) {
      expect(() => loadConfig({ ...base, MEDIA_BASE_URL: bad })).toThrow(
        /^Invalid configuration: MEDIA_BASE_URL must be/,
      );
    }
  });

  it("reads the footer's app-store and social links, leaving out those not set", () => {
    const play = "https://play.google.com/store/apps/details?id=lr.waterside";
    const facebook = "https://www.facebook.com/waterside.lr";
    const config = loadConfig({ DATA_DIR: tempDir(), GOOGLE_PLAY_URL: play, FACEBOOK_PAGE_URL: facebook, X_URL: "" });
    expect(config.outsideLinks).toEqual({
      apps: [{ store: "Google Play", href: play }],
      social: [{ name: "Facebook", href: facebook }],
    });
    expect(loadConfig({ DATA_DIR: tempDir() }).outsideLinks).toEqual({ apps: [], social: [] });
  });

  it("refuses a footer link that is not https or not on its site, naming the variable", () => {
    expect(() => loadConfig({ APP_STORE_URL: "http://apps.apple.com/app/id1" })).toThrow(
      'Invalid configuration: APP_STORE_URL must be an https:// link on apps.apple.com (got "http://apps.apple.com/app/id1")',
    );
    // The Facebook page pasted into the Google Play variable.
    expect(() => loadConfig({ GOOGLE_PLAY_URL: "https://www.facebook.com/waterside.lr" })).toThrow(
      /^Invalid configuration: GOOGLE_PLAY_URL must be an https:\/\/ link on play\.google\.com/,
    );
    expect(() => loadConfig({ FACEBOOK_PAGE_URL: "https://notfacebook.com/waterside" })).toThrow(
      /^Invalid configuration: FACEBOOK_PAGE_URL must be an https:\/\/ link on facebook\.com/,
    );
  });

  it("pays out through Orange Money only when ORANGE_PAYOUTS says so, from the ORANGE_* account (decision 100)", () => {
    const dataDir = tempDir();
    const token = { ORANGE_BASE_URL: "https://api.sandbox.pawapay.io", ORANGE_API_TOKEN: "t0ken" };
    expect(loadConfig({ DATA_DIR: dataDir, ...token }).orangePayouts).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, ...token, ORANGE_PAYOUTS: "true" }).orangePayouts).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir, ORANGE_PAYOUTS: "true" })).toThrow(
      "Invalid configuration: ORANGE_PAYOUTS needs the ORANGE_* account it pays out from",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...token, ORANGE_PAYOUTS: "yes" })).toThrow(
      /^Invalid configuration: ORANGE_PAYOUTS must be true or false/,
    );
  });

  it("turns Orange Money on with pawaPay's address and token, Liberia's defaults, and refuses half a set", () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).orange).toBeNull();
    const token = { ORANGE_BASE_URL: "https://api.sandbox.pawapay.io/", ORANGE_API_TOKEN: "t0ken" };
    expect(loadConfig({ DATA_DIR: dataDir, ...token }).orange).toEqual({
      baseUrl: "https://api.sandbox.pawapay.io",
      apiToken: "t0ken",
      provider: "ORANGE_LBR",
      currencies: ["USD", "LRD"],
      callbackUrl: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, ...token, ORANGE_CURRENCIES: "LRD", ORANGE_PROVIDER: "ORANGE_SLE" }).orange,
    ).toMatchObject({ provider: "ORANGE_SLE", currencies: ["LRD"] });
    // Any ORANGE_* turns it on, and then the address and the token are needed.
    expect(() => loadConfig({ DATA_DIR: dataDir, ORANGE_CURRENCIES: "USD" })).toThrow(
      "Invalid configuration: ORANGE_BASE_URL is required with the other ORANGE_* variables (Orange Money is on)",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ORANGE_BASE_URL: "https://api.pawapay.io" })).toThrow(
      "Invalid configuration: ORANGE_API_TOKEN is required with the other ORANGE_* variables (Orange Money is on)",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...token, ORANGE_CURRENCIES: "USD,EUR" })).toThrow(
      /^Invalid configuration: ORANGE_CURRENCIES must be USD, LRD or USD,LRD/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...token, ORANGE_PROVIDER: "orange lbr" })).toThrow(
      /^Invalid configuration: ORANGE_PROVIDER must be pawaPay's provider code/,
    );
    const production = {
      NODE_ENV: "production",
      TOKEN_SECRET: "s".repeat(40),
      SMTP_URL: "smtp://mail.example",
      PUBLIC_URL: "https://waterside.lr",
      DATA_DIR: dataDir,
      ...token,
    };
    expect(() => loadConfig({ ...production, ORANGE_CALLBACK_URL: "http://waterside.lr/api/x" })).toThrow(
      "Invalid configuration: ORANGE_CALLBACK_URL must be https when NODE_ENV=production",
    );
    expect(loadConfig({ ...production, ORANGE_CALLBACK_URL: "https://waterside.lr/api/x" }).orange).toMatchObject({
      callbackUrl: "https://waterside.lr/api/x",
    });
  });
});
