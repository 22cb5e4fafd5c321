import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import type { DomainEvents } from "../lib/domain-events.ts";
import { createJobs } from "../lib/jobs.ts";
import { createStorage } from "../lib/storage.ts";
import type { AnalyticsOptions } from "../modules/analytics/analytics.service.ts";

/**
 * A fresh database copied from the run's template: migrated, with reference data and pg-boss' schema. For tests that
 * need only the database, or give it to a server process of their own; drop() removes it.
 */
export async function createTestDatabase() {
  const pattern = inject("databaseUrlPattern");
  const template = inject("templateDatabase");
  const name = `${template.replace("template", "test")}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(pattern.replace("{database}", "postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);
  return {
    url: pattern.replace("{database}", name),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * A fresh database copied from the run's template, and the API built on it (no listening:
 * requests go through app.inject()). Call close() in afterAll. `env` adds configuration variables
 * (e.g. SMTP_URL, S3_BUCKET or a provider's settings pointing at a local fake).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    maintenanceIntervalSeconds,
    analytics,
    clock,
    events,
  }: {
    maintenanceIntervalSeconds?: number;
    analytics?: AnalyticsOptions;
    clock?: () => Date;
    events?: DomainEvents;
  } = {},
) {
  const testDatabase = await createTestDatabase();
  const database = await openDatabase(testDatabase.url, { max: 4 });
  const mediaDir = inject("mediaDir");
  // DATA_DIR is the run's temp folder, so nothing a test writes (the mail outbox) lands in the checkout.
  const config = {
    ...loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), DATA_DIR: path.dirname(mediaDir), ...env }),
    mediaDir,
  };
  // Local disk under the run's media folder, or the bucket that S3_* variables in `env` name.
  const storage = createStorage(config);
  // The real queue, as the server runs it; idle workers look for jobs often so tests wait little.
  // `maintenanceIntervalSeconds`: how soon jobs active past their expiry (a crashed process') are failed and retried.
  const jobs = createJobs({ url: testDatabase.url, pollingIntervalSeconds: 0.5, max: 2, maintenanceIntervalSeconds });
  // `analytics`: how views and clicks are written and admitted (an ingestion gate whose lag the test sets).
  // `clock`: the time safe deals see (their 72 hours), which the test moves.
  // `events`: the app's events, on which a test's own writer (a second chat process' writer) publishes.
  const app = await buildApp({ config, db: database.db, storage, jobs, analytics, clock, events });
  await jobs.start(app.log);

  return {
    app,
    /** The database's address, for a process of the test's own. */
    url: testDatabase.url,
    db: database.db,
    sql: database.sql,
    storage,
    jobs,
    async close() {
      await app.close();
      await jobs.stop();
      await database.close();
      await testDatabase.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The test file's app: `createTestApp(env)` in a beforeAll hook, closed in afterAll. The returned object is filled
 * in by that hook, so tests and the file's later beforeAll hooks (they run after it) use `ctx.app`, `ctx.db`….
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const ctx = {} as TestApp;
  beforeAll(async () => {
    Object.assign(ctx, await createTestApp(env));
  });
  afterAll(() => ctx.close());
  return ctx;
}
