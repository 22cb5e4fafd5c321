/**
 * Ad listing, search and suggestions under load at the data set in the configured database (seed 1M ads
 * first), next to a bare Fastify route. Each is measured twice: the same request over and over (what a
 * popular listing sees, answered from the per-process cache after the first), and a different request
 * every time (random price bounds or prefixes), which the cache cannot answer.
 */
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { createJobs } from "../apps/api/src/lib/jobs.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { capturingDatabase, explain } from "./lib/explain.ts";
import { startAdWrites } from "./lib/ad-writes.ts";
import { measure, measureInterleaved, printTable, startBareServer, type LoadResult, type Target } from "./lib/load.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Ads posted, edited and hidden per second during the "while ads are written" row: a very busy hour. */
const WRITES_PER_SECOND = 10;

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const storage = createStorage(config);
// Not started: nothing measured here enqueues a job.
const jobs = createJobs({ url: database.url });
const app = await buildApp({ config, db: database.db, storage, jobs });
const origin = await app.listen({ port: 0, host: "127.0.0.1" });
const bare = await startBareServer();

// A popular subcategory and one of its option attributes with a common value.
const [pick] = await database.db.execute<{ subcategory_id: number; attribute_id: number; value: string }>(sql`
  select sa.subcategory_id, sa.attribute_id, v.value
  from ad_attribute_values v join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
  where sa.has_options and v.ad_id <= 5000
  group by 1, 2, 3 order by count(*) desc limit 1`);
// Price bounds inside that subcategory's own range, so the filter keeps real results.
const [prices] = await database.db.execute<{ low: number; high: number }>(sql`
  select percentile_disc(0.1) within group (order by price)::float as low,
         percentile_disc(0.9) within group (order by price)::float as high
  from ads where subcategory_id = ${pick!.subcategory_id} and status_id = 2`);
const filtered = {
  subcategory_id: pick!.subcategory_id,
  price_min: prices!.low,
  price_max: prices!.high,
  attributes: [{ id: pick!.attribute_id, values: [pick!.value] }],
  sort_combined: "visibility_score|desc",
};
const search = { search: "toyota" };

const [{ count }] = (await database.sql`select count(*)::int as count from ads`) as unknown as [{ count: number }];
console.log(`Ads benchmark: ${count.toLocaleString("en")} ads, ${CONNECTIONS} connections, ${SECONDS} s per route`);

for (const [name, body] of [
  ["filtered listing", filtered],
  ["keyword search", search],
] as const) {
  const started = performance.now();
  const reply = await app.inject({ method: "POST", url: "/api/ads/get", payload: body });
  console.log(
    `${name}: ${JSON.stringify(body)} → ${reply.json().data.total} results, cold ${Math.round(performance.now() - started)} ms`,
  );
}

// The exact statements of each hot request, cold, under EXPLAIN: a second app on a recording handle.
const recording = capturingDatabase(database.url);
// Its own job queue: a queue takes one worker per job, and buildApp registers them all.
const explained = await buildApp({ config, db: recording.db, storage, jobs: createJobs({ url: database.url }) });
for (const [name, method, url, payload] of [
  ["filtered listing", "POST", "/api/ads/get", { ...filtered, price_min: filtered.price_min + 1 }],
  ["keyword search", "POST", "/api/ads/get", { search: "generator", price_max: 99_999 }],
  ["suggestions", "GET", "/api/ads/search?search=gener", undefined],
] as const) {
  recording.captured.length = 0;
  await explained.inject({ method, url, ...(payload && { payload }) });
  const settings: string[] = [];
  for (const [index, query] of recording.captured.entries()) {
    if (/^\s*set local/i.test(query.text)) settings.push(query.text);
    if (/^\s*(select|with)/i.test(query.text)) await explain(database.sql, `${name} #${index + 1}`, query, settings);
  }
}
await explained.close();
await recording.close();

const options = { connections: CONNECTIONS, seconds: SECONDS, method: "POST" as const };
// A signed-in reader of the same cached page, who saved one of its ads: their mark is set in the stored text.
const [reader] = await database.db.execute<{ id: number }>(sql`select id from users order by id limit 1`);
const firstPage = (await app.inject({ method: "POST", url: "/api/ads/get", payload: filtered })).json().data.data;
await database.db.execute(
  sql`insert into saved_ads (user_id, ad_id) values (${reader!.id}, ${firstPage[0].id}) on conflict do nothing`,
);
const { token } = await app.tokens.startSession({ kind: "user", userId: reader!.id }, "bench-reader");
const signedIn = { ...options, body: filtered, headers: { authorization: `Bearer ${token}` } };
// The cached filter page's own bytes from a route with no app around it: what sending them costs, whatever serves them.
bare.reply((await app.inject({ method: "POST", url: "/api/ads/get", payload: filtered })).rawPayload);
const randomInt = (max: number) => Math.floor(Math.random() * max);
const words = ["toyota", "nissan", "honda", "house", "land", "phone", "solar", "rice", "bed", "generator"];
const prefixes = ["toy", "nis", "hon", "hou", "lan", "pho", "sol", "ric", "gen", "sam", "ten", "inf", "apa", "sho"];
const letters = "abcdefghijklmnopqrstuvwxyz";
const get = { connections: CONNECTIONS, seconds: SECONDS };
// The routes compared with the bare one, measured in turn so that they share the machine's drifts.
const trending = { section: "trending", per_page: 10 };
const compared = [
  { name: "bare Fastify route", url: bare.url, settings: { connections: CONNECTIONS } },
  { name: "bare route, the filter page's bytes", url: bare.replyUrl, settings: { ...options, body: filtered } },
  { name: "ads/get filter, same request", url: `${origin}/api/ads/get`, settings: { ...options, body: filtered } },
  { name: "ads/get home Trending, same", url: `${origin}/api/ads/get`, settings: { ...options, body: trending } },
  { name: 'ads/get search "toyota", same', url: `${origin}/api/ads/get`, settings: { ...options, body: search } },
];
for (const route of compared) await measure(route.name, route.url, { ...route.settings, seconds: 2 });
const results = await measureInterleaved(compared, { rounds: 5, seconds: SECONDS });
const baseline = results[0]!;
const measurements: Array<[string, string, Parameters<typeof measure>[2]]> = [
  ["ads/get filter, same, while ads are written", "/api/ads/get", { ...options, body: filtered }],
  ["ads/get filter, same, signed in", "/api/ads/get", signedIn],
  [
    "ads/get filter, varied price",
    "/api/ads/get",
    {
      ...options,
      vary: () => {
        const spread = prices!.high - prices!.low;
        const low = prices!.low + randomInt(spread / 2);
        return { body: { ...filtered, price_min: low, price_max: low + spread / 4 + randomInt(spread / 2) } };
      },
    },
  ],
  [
    "ads/get search, varied",
    "/api/ads/get",
    {
      ...options,
      vary: () => ({ body: { search: words[randomInt(words.length)], price_max: 1000 + randomInt(100_000) } }),
    },
  ],
  [
    "ads/get search, varied, while ads are written",
    "/api/ads/get",
    {
      ...options,
      vary: () => ({ body: { search: words[randomInt(words.length)], price_max: 1000 + randomInt(100_000) } }),
    },
  ],
  ['ads/search "toy", same', "/api/ads/search?search=toy", get],
  [
    "ads/search, varied prefix",
    "/api/ads/search?search=toy",
    {
      ...get,
      vary: () => ({
        path: `/api/ads/search?search=${prefixes[randomInt(prefixes.length)]}${letters[randomInt(letters.length)]}`,
      }),
    },
  ],
];
await new Promise((resolve) => setTimeout(resolve, 6000));
for (const [name, path, settings] of measurements) {
  if (name === "ads/get search, varied") {
    // Each word's in-memory price index (decision 013) is built by its first search, as on a server in use: one
    // search per word first, so the row measures the searches and not ten one-off loads.
    for (const word of words) {
      await app.inject({ method: "POST", url: "/api/ads/get", payload: { search: word, price_max: 1000 } });
    }
  }
  const url = path.startsWith("http") ? path : `${origin}${path}`;
  // Two unmeasured seconds first: the row measures a warm route, not the compiler or the last row's garbage.
  await measure(name, url, { ...settings, seconds: 2 });
  if (name.endsWith("while ads are written")) {
    const writer = await startAdWrites(database.sql, WRITES_PER_SECOND);
    results.push(await measure(name, url, settings));
    const { writes, failed } = await writer.stop();
    console.log(`${name}: ${writes} ads posted, edited or hidden (${failed} failed), then undone`);
  } else {
    results.push(await measure(name, url, settings));
  }
  // Requests still in flight when a measurement ends would slow the next one: let the server drain first.
  await new Promise((resolve) => setTimeout(resolve, 6000));
}
// Issue 17: a cached page at half the bare route's rate or more; varied searches at p95 ≤ 50 ms and 4 × the
// 630 req/s measured before.
const cachedPage: Target = { label: "≥ 0.5 × bare req/s", met: (row, bare) => row.rps >= bare.rps / 2 };
const idleListing = results.find((row) => row.name === "ads/get filter, same request")!;
printTable(results, baseline, {
  "ads/get filter, same, while ads are written": {
    label: `p95 ≤ 2 × idle (${(2 * idleListing.p95).toFixed(1)} ms)`,
    met: (row) => row.p95 <= 2 * idleListing.p95,
  },
  "ads/get filter, same request": cachedPage,
  "ads/get home Trending, same": cachedPage,
  'ads/get search "toyota", same': cachedPage,
  "ads/get search, varied": { label: "p95 ≤ 50 ms, ≥ 2,520 req/s", met: (row) => row.p95 <= 50 && row.rps >= 2520 },
});
// How much of a cached page's cost is the app's, and how much its bytes': the same bytes from a route without it.
const sameBytes = results.find((row) => row.name === "bare route, the filter page's bytes")!;
const ratio = (row: LoadResult, to: LoadResult) => (row.rps / to.rps).toFixed(2);
console.log(
  `Cached filter page: ${ratio(idleListing, baseline)} of the bare route; the same bytes without the app: ` +
    `${ratio(sameBytes, baseline)}; the page to its bytes: ${ratio(idleListing, sameBytes)}`,
);

await bare.close();
await app.close();
await database.close();
