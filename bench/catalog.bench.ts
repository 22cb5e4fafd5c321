/**
 * Catalog reads under load: GET /api/categories/active, /api/subcategories/active, /api/locations,
 * next to a bare Fastify route measured in the same run. Uses the database the configuration names
 * (DATABASE_URL, else the embedded one under DATA_DIR), so run it after `npm run seed:bulk` for 1M ads.
 */
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { seedReferenceData } from "../apps/api/src/db/seed/seed-reference.ts";
import { createJobs } from "../apps/api/src/lib/jobs.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { measure, printTable, startBareServer } from "./lib/load.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const storage = createStorage(config);
await seedReferenceData(database.db, storage);
// Not started: nothing measured here enqueues a job.
const jobs = createJobs({ url: database.url });
const app = await buildApp({ config, db: database.db, storage, jobs });
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
const bare = await startBareServer();

const [{ count }] = (await database.sql`select count(*)::int as count from ads`) as unknown as [{ count: number }];
console.log(`Catalog benchmark: ${count.toLocaleString("en")} ads, ${CONNECTIONS} connections, ${SECONDS} s per route`);

const options = { connections: CONNECTIONS, seconds: SECONDS };
const baseline = await measure("bare Fastify route", bare.url, options);
const results = [
  baseline,
  await measure("GET /api/categories/active", `${origin}/api/categories/active`, options),
  await measure("GET /api/subcategories/active", `${origin}/api/subcategories/active`, options),
  await measure("GET /api/locations", `${origin}/api/locations`, options),
];
printTable(results, baseline);

await bare.close();
await app.close();
await database.close();
