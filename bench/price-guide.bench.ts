/**
 * The price guide (issue 28, decision 077) at the data set in the configured database (seed it first, see
 * README.md): GET /api/ads/price-guide for the subcategory with the most active ads, one request at a time.
 * "Cold" asks for a different Year every time, so the cache never answers and each request reads the subcategory's
 * active ads (Brand, Brand+Model and Brand+Model+Year counted and their quartiles in one pass); "cached" repeats one
 * request. The statement's plan is printed under EXPLAIN, to show it reads the partial index only.
 *
 *   DATA_DIR=/tmp/bench-data node --import tsx bench/price-guide.bench.ts
 */
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { createJobs } from "../apps/api/src/lib/jobs.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { capturingDatabase, explain } from "./lib/explain.ts";

const COLD_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CACHED_REQUESTS = 2000;

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const storage = createStorage(config);
// Not started: nothing measured here enqueues a job.
const app = await buildApp({ config, db: database.db, storage, jobs: createJobs({ url: database.url }) });

// The busiest subcategory that asks for Brand, Model and Year (cars), and the commonest Brand and Model of its ads.
const [pick] = await database.db.execute<{ subcategory_id: number; active: number }>(sql`
  select a.subcategory_id, count(*)::int as active from ads a
  where a.status_id = 2 and (
    select count(*) from subcategory_attributes sa join attributes at on at.id = sa.attribute_id
    where sa.subcategory_id = a.subcategory_id and at.name in ('Brand', 'Model', 'Year')) = 3
  group by 1 order by 2 desc limit 1`);
const commonest = async (name: string) => {
  const [row] = await database.db.execute<{ id: number; value: string }>(sql`
    select sa.attribute_id as id, v.value
    from ad_attribute_values v
    join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
    join attributes at on at.id = sa.attribute_id
    where sa.subcategory_id = ${pick!.subcategory_id} and at.name = ${name}
    group by 1, 2 order by count(*) desc limit 1`);
  return row;
};
const [brand, model, year] = [await commonest("Brand"), await commonest("Model"), await commonest("Year")];
const [{ count }] = (await database.sql`select count(*)::int as count from ads`) as unknown as [{ count: number }];
console.log(
  `Price guide benchmark: ${count.toLocaleString("en")} ads; subcategory ${pick!.subcategory_id} has ` +
    `${pick!.active.toLocaleString("en")} active; Brand ${brand?.value}, Model ${model?.value}`,
);

const urlOf = (yearValue: number | undefined) => {
  const attributes = [brand, model, year && yearValue !== undefined ? { id: year.id, value: String(yearValue) } : null]
    .filter((attribute) => attribute)
    .map((attribute) => ({ id: attribute!.id, value: attribute!.value }));
  const query = new URLSearchParams({ subcategory_id: String(pick!.subcategory_id) });
  if (attributes.length) query.set("attributes", JSON.stringify(attributes));
  return `/api/ads/price-guide?${query}`;
};

// The exact statement of a cold request, under EXPLAIN: a second app on a recording handle.
const recording = capturingDatabase(database.url);
const explained = await buildApp({ config, db: recording.db, storage, jobs: createJobs({ url: database.url }) });
const sample = await explained.inject({ method: "GET", url: urlOf(2012) });
console.log(`Reply: ${JSON.stringify(sample.json().data)}`);
for (const [index, query] of recording.captured.entries()) {
  if (/percentile_cont/.test(query.text)) await explain(database.sql, `price guide #${index + 1}`, query);
}
await explained.close();
await recording.close();

async function timings(requests: number, url: (index: number) => string) {
  const times: number[] = [];
  for (let index = 0; index < requests; index++) {
    const started = performance.now();
    const reply = await app.inject({ method: "GET", url: url(index) });
    times.push(performance.now() - started);
    if (reply.statusCode !== 200) throw new Error(`${url(index)} answered ${reply.statusCode}: ${reply.body}`);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  return { requests, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

// Years far from any ad's: every one a new cache key, each narrowing by Year falling back to Brand+Model.
const rows = [
  ["cold, subcategory + Brand + Model + Year", await timings(COLD_REQUESTS, (index) => urlOf(3000 + index))],
  ["cached, same request", await timings(CACHED_REQUESTS, () => urlOf(2012))],
] as const;
console.log("\n| request | requests | p50 ms | p95 ms | p99 ms |\n| --- | --- | --- | --- | --- |");
for (const [name, row] of rows) console.log(`| ${name} | ${row.requests} | ${row.p50} | ${row.p95} | ${row.p99} |`);

await app.close();
await database.close();
