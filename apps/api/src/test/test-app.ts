import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { inject } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { createLocalStorage } from "../lib/storage.ts";

/**
 * A fresh database copied from the run's template, and the API built on it (no listening:
 * requests go through app.inject()). Call close() in afterAll. `env` adds configuration variables
 * (e.g. SMTP_URL or a provider's settings pointing at a local fake).
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const pattern = inject("databaseUrlPattern");
  const template = inject("templateDatabase");
  const name = `${template.replace("template", "test")}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(pattern.replace("{database}", "postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);

  const database = await openDatabase(pattern.replace("{database}", name), { max: 4 });
  const mediaDir = inject("mediaDir");
  // DATA_DIR is the run's temp folder, so nothing a test writes (the mail outbox) lands in the checkout.
  const config = {
    ...loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), DATA_DIR: path.dirname(mediaDir), ...env }),
    mediaDir,
  };
  const storage = createLocalStorage(mediaDir);
  const app = await buildApp({ config, db: database.db, storage });

  return {
    app,
    db: database.db,
    sql: database.sql,
    storage,
    async close() {
      await app.close();
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}
