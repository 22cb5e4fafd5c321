/**
 * Saved-search matching (issue 29, decision 080) at the data set in the configured database (seed it first, see
 * README.md). It files 100,000 saved searches from 50,000 users the first time (kept for later runs: users named
 * "Bench searcher …"), spread as real ones are: most name a subcategory (often with words, a price cap or a place),
 * some a category, a place, or only words, a few only a price. Then:
 * - matching one new ad: the job's handler (read the candidates under the ad's keys, check each, record the
 *   matches and queue the alerts) on random active ads, one at a time, p50/p95;
 * - 20 new ads a second, each matched by the job queue's workers as the server runs them, while POST /api/ads/get is
 *   loaded: its p95 against the same load without the new ads, in alternating rounds. The server runs as production
 *   would: a serving process with JOB_WORKERS=off and a worker process (decision 089), on a Redis of the benchmark's
 *   own; BENCH_JOB_WORKERS=same runs the workers in the serving process instead, for comparison. QUIET_HOURS=off, so
 *   pushes go out whatever the hour.
 * Each load also runs with the same new ads posted but never matched: what new ads cost the listing by themselves
 * (the cached lists they change are dropped and read again), apart from what matching and alerting them adds.
 * BENCH_LOADS picks the loads (saturated, half, rate; all by default). BENCH_PIN=1 gives the listing's process and this
 * one (the load generator) the first CPU, and the worker process and every PostgreSQL process the second, as
 * separate machines would (needs taskset and rights over PostgreSQL's processes; undone at the end).
 * Everything it posts or matches is deleted at the end; the searches stay. Needs the web app built (npm run build).
 *
 *   DATABASE_URL=… DATA_DIR=… node --import tsx bench/saved-searches.bench.ts
 */
import { execFileSync } from "node:child_process";
import { buildApp } from "../apps/api/src/app.ts";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { createJobs } from "../apps/api/src/lib/jobs.ts";
import { createStorage } from "../apps/api/src/lib/storage.ts";
import { bindNotificationCentre } from "../apps/api/src/modules/notifications/notification-centre.ts";
import { createSavedSearchAlerts } from "../apps/api/src/modules/saved-searches/saved-search-alerts.ts";
import { matchKeyOf } from "../apps/api/src/modules/saved-searches/saved-search-filters.ts";
import { createSavedSearchMatcher } from "../apps/api/src/modules/saved-searches/saved-search-matching.ts";
import { createUnsubscribeTokens } from "../apps/api/src/modules/saved-searches/unsubscribe-token.ts";
import { startRedis } from "../apps/api/src/test/redis-server.ts";
import { startTestServer } from "../apps/api/src/test/server-process.ts";
import type { TSavedSearchFilters } from "../packages/shared/src/saved-searches.ts";
import { measure, type LoadResult } from "./lib/load.ts";

const SEARCHES = 100_000;
const USERS = 50_000;
const MATCH_SAMPLES = Number(process.env.BENCH_REQUESTS ?? 500);
const ADS_PER_SECOND = 20;
const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 3;
const CONNECTIONS = 20;
const SEPARATE_WORKERS = process.env.BENCH_JOB_WORKERS !== "same";
const LOADS = new Set((process.env.BENCH_LOADS ?? "saturated,half,rate").split(","));

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const { db } = database;
const storage = createStorage(config);
// This process only enqueues (the new ads' matching); the servers below run the jobs.
const jobs = createJobs({ url: database.url, runWorkers: false });
const app = await buildApp({ config, db, storage, jobs });

let seed = 29;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

/** The searches, filed as the API files them (matchKeyOf with PostgreSQL's lexemes of the words). */
async function fileSearches() {
  const [{ existing }] = (await database.sql`
    select count(*)::int as existing from saved_searches s join users u on u.id = s.user_id
    where u.name like 'Bench searcher %'`) as unknown as [{ existing: number }];
  if (existing >= SEARCHES) return existing;
  const started = performance.now();
  await database.sql`
    insert into users (name, email, usertype_id)
    select 'Bench searcher ' || n, 'bench-searcher-' || n || '@example.com', 1 from generate_series(1, ${USERS}) n
    on conflict do nothing`;
  const userIds = (
    await database.sql<Array<{ id: number }>>`select id from users where name like 'Bench searcher %' order by id`
  ).map((row) => row.id);
  const subcategories = await database.sql<Array<{ id: number; category_id: number; median: number }>>`
    select s.id, s.category_id, coalesce(percentile_disc(0.5) within group (order by a.price), 1000)::float8 as median
    from subcategories s left join ads a on a.subcategory_id = s.id and a.status_id = 2 and a.id % 20 = 0
    group by s.id`;
  const places = await database.sql<Array<{ county: string; area: string }>>`
    select c.name as county, a.name as area from areas a join counties c on c.id = a.county_id`;
  // Words people save: the brands and things in the ads' titles, as PostgreSQL parses them, leaving out those most
  // ads carry anyway in their descriptions ("clean", "sale"): a search for one of those is no search.
  const titleWords = (
    await database.sql<Array<{ word: string }>>`
      select word from (
        select lower(w) as word, count(*) as n
        from (select title from ads where id % 50 = 0) t, regexp_split_to_table(t.title, '\\s+') w
        where length(w) >= 4 and w ~ '^[A-Za-z]+$' group by 1) x
      order by n desc limit 600`
  ).map((row) => row.word);
  const words: string[] = [];
  for (const word of titleWords) {
    const [row] = await database.sql<Array<{ n: number }>>`
      select count(*)::int as n from ads where search_vector @@ to_tsquery('simple', ${word})`;
    if (row!.n <= ads / 200) words.push(word);
  }
  const lexemesOf = new Map<string, string[] | null>();
  for (const word of words) {
    const [row] = await database.sql<Array<{ q: string }>>`
      select websearch_to_tsquery('simple', waterside_unaccent(lower(${word})))::text as q`;
    lexemesOf.set(
      word,
      [...row!.q.matchAll(/'([^']*)'/g)].map((m) => m[1]!),
    );
  }

  const rows: Array<[number, string, TSavedSearchFilters, string, string]> = [];
  for (let index = 0; index < SEARCHES; index++) {
    const sub = pick(subcategories);
    const draw = random();
    const filters: TSavedSearchFilters = {};
    if (draw < 0.55) {
      // A subcategory alone is rare: buyers add a brand or thing, a price cap or a county.
      filters.subcategory_id = sub.id;
      filters.category_id = sub.category_id;
      if (random() < 0.8) filters.search = pick(words);
      if (random() < 0.6) filters.price_max = Math.round(sub.median * (0.5 + random()));
      if (random() < 0.5 || !filters.search) filters.location = pick(places).county;
    } else if (draw < 0.7) {
      filters.category_id = sub.category_id;
      filters.search = pick(words);
      if (random() < 0.5) filters.location = pick(places).county;
    } else if (draw < 0.75) {
      const place = pick(places);
      filters.location = random() < 0.5 ? place.county : `${place.area}, ${place.county}`;
      filters.search = pick(words);
    } else if (draw < 0.995) {
      filters.search = random() < 0.5 ? `${pick(words)} ${pick(words)}` : pick(words);
      if (random() < 0.3) filters.price_max = Math.round(100 + random() * 5000);
    } else {
      filters.price_max = Math.round(10 + random() * 50);
      filters.verified_sellers = true;
    }
    const lexemes = filters.search ? filters.search.split(" ").flatMap((w) => lexemesOf.get(w) ?? []) : null;
    const name = filters.search ?? "Bench search";
    rows.push([
      userIds[index % userIds.length]!,
      name,
      filters,
      random() < 0.3 ? "instant" : "daily",
      matchKeyOf(filters, lexemes),
    ]);
  }
  for (let start = 0; start < rows.length; start += 10_000) {
    const batch = rows.slice(start, start + 10_000);
    // Push only: the benchmark writes no mail.
    await database.sql`
      insert into saved_searches (user_id, name, filters, frequency, push, email, sms, match_key)
      select user_id, name, filters, frequency, true, false, false, match_key
      from unnest(${batch.map((r) => r[0])}::int[], ${batch.map((r) => r[1])}::text[],
        ${batch.map((r) => JSON.stringify(r[2]))}::jsonb[], ${batch.map((r) => r[3])}::text[],
        ${batch.map((r) => r[4])}::text[]) as t(user_id, name, filters, frequency, match_key)`;
  }
  // As autovacuum leaves a table in service: freshly inserted rows would otherwise be hinted by the first reads.
  await database.sql`vacuum analyze saved_searches`;
  console.log(
    `Filed ${SEARCHES.toLocaleString("en")} saved searches in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return SEARCHES;
}

const [{ ads }] = (await database.sql`select count(*)::int as ads from ads`) as unknown as [{ ads: number }];
const filed = await fileSearches();
const keys = await database.sql<Array<{ kind: string; searches: number; keys: number }>>`
  select left(match_key, 1) as kind, count(*)::int as searches, count(distinct match_key)::int as keys
  from saved_searches group by 1 order by 2 desc`;
console.log(
  `Saved-search benchmark: ${ads.toLocaleString("en")} ads, ${filed.toLocaleString("en")} saved searches; by key: ` +
    keys.map((k) => `${k.kind} ${k.searches.toLocaleString("en")} (${k.keys} keys)`).join(", "),
);

// Matching alone first: its delivery jobs go to a queue of the benchmark's that drops them, so the alerts' work does
// not share the process with the figures. The server's own queue starts after, for the sustained run.
const matchOnlyJobs = createJobs({ url: database.url });
matchOnlyJobs.work("saved-searches.deliver-instant", async () => {});
matchOnlyJobs.work("notifications.deliver", async () => {});
await matchOnlyJobs.start(app.log);
bindNotificationCentre(matchOnlyJobs as typeof jobs);
const unsubscribeTokens = createUnsubscribeTokens(config.tokenSecret);
const alerts = createSavedSearchAlerts({
  db,
  mediaBaseUrl: config.mediaBaseUrl,
  publicUrl: config.publicUrl,
  unsubscribeTokens,
});
const matcher = createSavedSearchMatcher({
  db,
  jobs: matchOnlyJobs as typeof jobs,
  hooks: alerts,
  collapseSeconds: config.savedSearchCollapseSeconds,
});

const [{ max_id: maxId }] = (await database.sql`select max(id)::int as max_id from ads`) as unknown as [
  { max_id: number },
];
const [{ columns }] = (await database.sql`
  select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns
  from information_schema.columns
  where table_name = 'ads' and column_name not in ('id', 'created_at', 'updated_at') and is_generated = 'NEVER'`) as unknown as [
  { columns: string },
];
const posted: number[] = [];
/** A new ad: a copy of a random active one (its words, place, price and attribute values), posted now. */
async function postAd() {
  const [row] = await database.sql.unsafe<Array<{ id: number }>>(
    `insert into ads (${columns}) select ${columns} from ads
     where id >= $1 and status_id = 2 order by id limit 1 returning id`,
    [1 + Math.floor(random() * maxId)],
  );
  posted.push(row!.id);
  return row!.id;
}

// 1. Matching one new ad, one at a time. Earlier runs' matches were deleted with their ads: without a vacuum, each run
// on the same data set read past more dead rows (p95 went 21 → 37 ms over seven runs, 15 ms again once vacuumed).
await database.sql`vacuum analyze saved_search_matches`;
const times: number[] = [];
let matches = 0;
for (let index = 0; index < MATCH_SAMPLES; index++) {
  const adId = await postAd();
  const started = performance.now();
  matches += (await matcher.matchAd(adId)).length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
console.log(
  `\nMatching one new ad (${MATCH_SAMPLES} ads, ${(matches / MATCH_SAMPLES).toFixed(1)} matches each on average): ` +
    `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms (target p95 ≤ 20 ms)`,
);

// 2. POST /api/ads/get under load, without and with 20 new ads a second matched (and alerts sent) by the workers.
await matchOnlyJobs.stop();
await jobs.start(app.log);
const redis = await startRedis();
const serverEnv = {
  DATABASE_URL: database.url,
  DATA_DIR: config.dataDir,
  TOKEN_SECRET: config.tokenSecret,
  REDIS_URL: redis.url,
  QUIET_HOURS: "off",
  SAVED_SEARCH_COLLAPSE_SECONDS: String(config.savedSearchCollapseSeconds),
};
const servers = [await startTestServer({ ...serverEnv, JOB_WORKERS: SEPARATE_WORKERS ? "off" : "on" })];
if (SEPARATE_WORKERS) servers.push(await startTestServer({ ...serverEnv, JOB_WORKERS: "on" }));
const origin = servers[0]!.url;
/** Every thread of the processes `pids` on the CPUs `cpus` (taskset's list syntax). */
const pin = (cpus: string, pids: Array<number | undefined>) => {
  for (const pid of pids) if (pid) execFileSync("taskset", ["-a", "-cp", cpus, String(pid)], { stdio: "ignore" });
};
const postgresPids = () =>
  execFileSync("pgrep", ["-x", "postgres"], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
if (process.env.BENCH_PIN === "1") {
  if (!SEPARATE_WORKERS) throw new Error("BENCH_PIN needs the workers in a process of their own");
  pin("0", [servers[0]!.child.pid, process.pid]);
  pin("1", [servers[1]!.child.pid, ...postgresPids()]);
  console.log("Pinned: the listing's process and the load generator on CPU 0; workers and PostgreSQL on CPU 1.");
}
console.log(
  SEPARATE_WORKERS
    ? "\nThe listing's process runs no job; a second process runs the workers (JOB_WORKERS=off / on)."
    : "\nOne process serves the listing and runs the workers (BENCH_JOB_WORKERS=same).",
);
const [busy] = await database.sql<Array<{ subcategory_id: number }>>`
  select subcategory_id from ads where status_id = 2 group by 1 order by count(*) desc limit 1`;
const bodies = [
  { subcategory_id: busy!.subcategory_id, sort_combined: "created_at|desc" },
  { search: "toyota" },
  { category_id: 1, sort_combined: "visibility_score|desc" },
];
let next = 0;
const browse = (rate?: number) =>
  measure("POST /api/ads/get", `${origin}/api/ads/get`, {
    method: "POST",
    connections: CONNECTIONS,
    seconds: ROUND_SECONDS,
    rate,
    vary: () => ({ body: bodies[next++ % bodies.length] }),
  });

/**
 * Until the queue has no matching or alert left to run: an idle round must not run the previous round's alerts.
 * Deliveries held through the quiet hours (22:00–07:00 Liberia time, decision 081) are not waited for.
 */
async function drained() {
  for (;;) {
    const [{ waiting }] = (await database.sql`
      select count(*)::int as waiting from pgboss.job
      where state in ('created', 'retry', 'active') and start_after <= now()
        and (name like 'saved-searches.%' or name like 'notifications.%')
        and name not in ('saved-searches.deliver-overdue', 'saved-searches.daily-digests', 'notifications.deliver-sweep')`) as unknown as [
      { waiting: number },
    ];
    if (waiting === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * New ads at ADS_PER_SECOND for a warm-up, then for `work`. Matched, each is queued for matching as the app queues
 * it, and the warm-up is one collapse window and a little more (so the alerts of the first matches are being
 * delivered: the steady state of a sustained stream); unmatched, the ads alone, after 5 s.
 */
async function withNewAds<T>(work: () => Promise<T>, { matched }: { matched: boolean }) {
  const before = posted.length;
  let failed = 0;
  const timer = setInterval(() => {
    postAd()
      .then((adId) => (matched ? jobs.send("saved-searches.match-ad", { adId }) : undefined))
      .catch(() => failed++);
  }, 1000 / ADS_PER_SECOND);
  const warmUp = matched ? config.savedSearchCollapseSeconds + 5 : 5;
  await new Promise((resolve) => setTimeout(resolve, warmUp * 1000));
  const result = await work();
  clearInterval(timer);
  return { result, newAds: posted.length - before, failed };
}

/**
 * Browsing in rounds alternating without new ads, with new ads not matched, and with new ads matched: as fast as the
 * server answers (20 connections saturate 2 cores, so any other work shows as lost throughput), and open loads
 * (half the saturated rate, BENCH_BROWSE_RATE) where the server has room as a real one does and p95 shows what the
 * new ads and their alerts cost a reader.
 */
async function rounds(rate?: number) {
  const idle: LoadResult[] = [];
  const unmatched: LoadResult[] = [];
  const loaded: LoadResult[] = [];
  let ads = 0;
  let matchedAds = 0;
  for (let round = 0; round < ROUNDS; round++) {
    await drained();
    idle.push(await browse(rate));
    for (const matched of [false, true]) {
      const run = await withNewAds(() => browse(rate), { matched });
      (matched ? loaded : unmatched).push(run.result);
      ads += run.newAds;
      if (matched) matchedAds += run.newAds;
      if (run.failed) console.log(`${run.failed} posts failed`);
    }
  }
  return { idle, unmatched, loaded, ads, matchedAds };
}
type Rounds = Awaited<ReturnType<typeof rounds>>;
const median = (rows: LoadResult[], key: "p50" | "p95" | "rps") => rows.map((r) => r[key]).sort((a, b) => a - b)[1]!;
// A busy hour's browsing with room to spare (3.6 million requests an hour), where a server's p95 shows what other
// work costs a reader rather than the CPU it takes from a saturated one.
const browseRate = Number(process.env.BENCH_BROWSE_RATE ?? 1000);
const runs: Array<[string, Rounds]> = [];
let saturatedRps: number | undefined;
if (LOADS.has("saturated") || LOADS.has("half")) {
  const saturated = await rounds();
  saturatedRps = median(saturated.idle, "rps");
  if (LOADS.has("saturated")) runs.push(["saturated", saturated]);
}
if (LOADS.has("half")) runs.push(["open, half the saturated rate", await rounds(Math.round(saturatedRps! / 2))]);
if (LOADS.has("rate")) runs.push([`open, ${browseRate} req/s`, await rounds(browseRate)]);
const newAds = runs.reduce((sum, [, run]) => sum + run.ads, 0);
const matchedAds = runs.reduce((sum, [, run]) => sum + run.matchedAds, 0);
// Wait for the queue to match the last of them, then count what it matched.
await new Promise((resolve) => setTimeout(resolve, 5000));
const [lag] = await database.sql<Array<{ matched_ads: number; p95_lag: number | null }>>`
  select count(distinct m.ad_id)::int as matched_ads,
    (percentile_disc(0.95) within group (order by extract(epoch from m.matched_at - a.created_at)))::float8 as p95_lag
  from saved_search_matches m join ads a on a.id = m.ad_id
  where m.ad_id = any(${posted.slice(MATCH_SAMPLES)}::int[])`;
const errors = (rows: LoadResult[]) => rows.reduce((sum, row) => sum + row.errors, 0);
const row = (name: string, rows: LoadResult[], idle: LoadResult[]) =>
  `| ${name} | ${median(rows, "rps")} | ${median(rows, "p50")} | ${median(rows, "p95")} | ` +
  `${(median(rows, "p95") / median(idle, "p95")).toFixed(2)} | ${errors(rows)} |`;
console.log(
  `\nPOST /api/ads/get, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each way (medians):\n` +
    `| load | req/s | p50 ms | p95 ms | p95 / idle | errors |\n| --- | --- | --- | --- | --- | --- |\n` +
    runs
      .map(([name, { idle, unmatched, loaded }]) =>
        [
          row(`${name}, browsing only`, idle, idle),
          row(`${name}, + ${ADS_PER_SECOND} new ads/s, not matched`, unmatched, idle),
          row(`${name}, + ${ADS_PER_SECOND} new ads/s matched and alerted`, loaded, idle),
        ].join("\n"),
      )
      .join("\n"),
);
console.log(
  `Target: p95 with new ads matched ≤ 1.10 × idle. ${newAds} ads posted, ${lag!.matched_ads} of the matched ones ` +
    `matched at least one search, p95 from posting to matched ${lag!.p95_lag?.toFixed(1)} s`,
);

const [written] = await database.sql<Array<{ notifications: number }>>`
  select count(*)::int as notifications from notifications
  where user_id in (select id from users where name like 'Bench searcher %')`;
console.log(
  `${written!.notifications} saved-search notifications written, ` +
    `${((written!.notifications / (matchedAds / ADS_PER_SECOND)) | 0).toLocaleString("en")} a second of matched new ads`,
);

// Jobs still running when their process stops stay active until they expire (15 minutes): the next run would wait.
await drained();
for (const server of servers) {
  server.child.kill("SIGTERM");
  await server.exited;
}
if (process.env.BENCH_PIN === "1") pin("0-1", [process.pid, ...postgresPids()]);
await redis.stop();
await app.close();
await jobs.stop();
// Undo: the posted ads (their matches go with them) and what the alerts wrote for the bench users.
await database.sql`delete from ads where id = any(${posted}::int[])`;
await database.sql`delete from notifications where user_id in (select id from users where name like 'Bench searcher %')`;
await database.sql`
  update saved_searches set frequency = 'instant', downgraded_at = null
  where downgraded_at is not null and user_id in (select id from users where name like 'Bench searcher %')`;
await database.close();
