import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { createLocalStorage } from "../lib/storage.ts";

/**
 * A fresh database copied from the run's template, and the API built on it (no listening:
 * requests go through app.inject()). Call close() in afterAll.
 */
export async function createTestApp() {
  const pattern = inject("databaseUrlPattern");
  const template = inject("templateDatabase");
  const name = `${template.replace("template", "test")}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(pattern.replace("{database}", "postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);

  const database = await openDatabase(pattern.replace("{database}", name), { max: 4 });
  const mediaDir = inject("mediaDir");
  const config = { ...loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40) }), mediaDir };
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
