import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import postgres from "postgres";
import {
  ensureDatabase,
  migrateDatabase,
  openDatabase,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from "../db/database.ts";
import { seedReferenceData } from "../db/seed/seed-reference.ts";
import { jobsSchemaSql } from "../lib/jobs.ts";
import { createLocalStorage } from "../lib/storage.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** URL of the server with `{database}` in place of the database name. */
    databaseUrlPattern: string;
    /** A migrated, reference-seeded database each test file copies. */
    templateDatabase: string;
    mediaDir: string;
  }
}

/**
 * Once per run: a PostgreSQL server (TEST_DATABASE_URL's, else an embedded one in a temp folder) and a
 * template database with migrations and reference data. Each test file copies the template, so runs and
 * files never share data. Everything this run made is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(path.join(tmpdir(), "waterside-test-"));
  // As root, the embedded server runs as a "postgres" user, which must be able to enter this folder.
  chmodSync(workDir, 0o755);
  let embedded: EmbeddedServer | undefined;
  let pattern: string;
  if (process.env.TEST_DATABASE_URL) {
    const url = new URL(process.env.TEST_DATABASE_URL);
    url.pathname = "/{database}";
    pattern = url.toString().replace("%7Bdatabase%7D", "{database}");
  } else {
    embedded = await startEmbeddedPostgres(path.join(workDir, "postgres"), (line) => console.error(line));
    pattern = embedded.url("{database}");
  }
  const urlFor = (database: string) => pattern.replace("{database}", database);
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const template = `waterside_template_${runId}`;
  const adminUrl = urlFor("postgres");
  await ensureDatabase(adminUrl, template);

  const mediaDir = path.join(workDir, "media");
  const handle = await openDatabase(urlFor(template), { max: 2 });
  await migrateDatabase(handle.db);
  await seedReferenceData(handle.db, createLocalStorage(mediaDir));
  // pg-boss' schema once here, not in every test database (0.1 s each): a script with its own BEGIN and COMMIT, so on
  // one reserved connection, as a simple query.
  const reserved = await handle.sql.reserve();
  await reserved.unsafe(jobsSchemaSql()).simple();
  reserved.release();
  await handle.close();

  project.provide("databaseUrlPattern", pattern);
  project.provide("templateDatabase", template);
  project.provide("mediaDir", mediaDir);

  return async () => {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    const leftovers = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${`waterside_%${runId}%`}`;
    for (const { datname } of leftovers) await admin.unsafe(`drop database if exists "${datname}" with (force)`);
    await admin.end();
    await embedded?.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
