/**
 * A server process' job queue, for tests that kill it (`node --import tsx job-process.ts`): the app built as the server
 * builds it on DATABASE_URL, its workers started, then JOB_NAME enqueued with JOB_DATA (JSON). It prints "started" and
 * runs until it is killed; whatever its workers were doing stays as a crash leaves it. MOMO_* and ORANGE_* settings
 * are passed on to its configuration.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { createJobs, type JobMap } from "../lib/jobs.ts";
import { createStorage } from "../lib/storage.ts";

const url = process.env.DATABASE_URL!;
const dataDir = mkdtempSync(path.join(tmpdir(), "waterside-job-process-"));
const config = loadConfig({
  NODE_ENV: "test",
  TOKEN_SECRET: "t".repeat(40),
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  ...(process.env.SMTP_URL && { SMTP_URL: process.env.SMTP_URL }),
  // The wallets' accounts (a local sandbox's), for jobs that speak to a provider (payouts.send).
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => /^(MOMO|ORANGE)_/.test(name))),
});
const database = await openDatabase(url, { max: 2 });
const jobs = createJobs({ url, pollingIntervalSeconds: 0.5, max: 2 });
const app = await buildApp({ config, db: database.db, storage: createStorage(config), jobs });
await jobs.start(app.log);
const name = process.env.JOB_NAME as keyof JobMap;
await jobs.send(name, JSON.parse(process.env.JOB_DATA ?? "{}") as never);
console.log("started");
