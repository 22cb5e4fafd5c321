/**
 * A rate change at the data set in the configured database (issue 30, decision 093): lists compute an L$ ad's US$
 * value at the rate in force in each query, so a change rewrites no ad; its commit drops the cached lists in every
 * process. It sets a rate if none is set, and marks a share of the active ads as priced in L$ (BENCH_LRD_SHARE,
 * default 0.3, their L$ amount at that rate) if none is. Then, in alternating rounds: POST /api/ads/get's p95 idle,
 * and during a rate change (set a second into the round, as the command line sets one: the row and its announcement
 * in one transaction), and the time until the lists are correct: until an L$ ad is listed, through the server's
 * caches, at its US$ value at the new rate. The L$ ads are kept for later runs; the rates set here stay in the
 * history. Needs the web app built (npm run build).
 *
 *   DATABASE_URL=… DATA_DIR=… node --import tsx bench/exchange-rate.bench.ts
 */
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { startTestServer } from "../apps/api/src/test/server-process.ts";
import { measure, type LoadResult } from "./lib/load.ts";

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 20;
const LRD_SHARE = Number(process.env.BENCH_LRD_SHARE ?? 0.3);
/** Ads marked as L$ per statement when preparing the data set. */
const MARK_BATCH = 50_000;

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const { sql } = database;

const latestRate = async () => {
  const [row] = await sql<Array<{ usd_lrd: number }>>`
    select usd_lrd::float8 as usd_lrd from exchange_rates order by id desc limit 1`;
  return row?.usd_lrd ?? null;
};

const found = await latestRate();
if (found === null) await sql`insert into exchange_rates (usd_lrd, note) values (190, 'Benchmark')`;
let rate: number = found ?? 190;

const [{ active, lrd }] = (await sql`
  select count(*) filter (where status_id = 2)::int as active,
    count(*) filter (where status_id = 2 and currency = 'LRD')::int as lrd
  from ads`) as unknown as [{ active: number; lrd: number }];
if (lrd === 0) {
  // Every ad whose id falls in the share, by id modulo 1,000: spread over every subcategory and seller.
  const started = performance.now();
  const [{ max }] = (await sql`select coalesce(max(id), 0)::int as max from ads`) as unknown as [{ max: number }];
  for (let from = 0; from <= max; from += MARK_BATCH) {
    await sql`
      update ads set currency = 'LRD', price_local = round(price * ${rate}::numeric, 2)
      where id > ${from} and id <= ${from + MARK_BATCH} and status_id = 2 and id % 1000 < ${Math.round(LRD_SHARE * 1000)}`;
  }
  await sql`analyze ads`;
  console.log(
    `Marked ${LRD_SHARE * 100} % of the active ads as L$ in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}
const [{ lrd_ads: lrdAds }] = (await sql`
  select count(*)::int as lrd_ads from ads where currency = 'LRD'`) as unknown as [{ lrd_ads: number }];
console.log(`${active.toLocaleString("en-US")} active ads, ${lrdAds.toLocaleString("en-US")} of all ads in L$`);

// The probe: an active L$ ad that is its seller's newest, so that the first page of the seller's list by date holds
// it (a list like any other, cached like any other).
const [probed] = await sql<Array<{ id: number; user_id: number; price_local: number }>>`
  select a.id, a.user_id, a.price_local::float8 as price_local from ads a
  where a.currency = 'LRD' and a.status_id = 2 and not exists (
    select 1 from ads b where b.user_id = a.user_id and b.status_id = 2 and (b.created_at, b.id) > (a.created_at, a.id))
  limit 1`;
if (!probed) throw new Error("No active L$ ad to probe");
const probe = probed;

const server = await startTestServer({
  DATABASE_URL: database.url,
  DATA_DIR: config.dataDir,
  TOKEN_SECRET: config.tokenSecret,
});
const origin = server.url;

const [busy] = await sql<Array<{ subcategory_id: number }>>`
  select subcategory_id from ads where status_id = 2 group by 1 order by count(*) desc limit 1`;
const bodies = [
  { subcategory_id: busy!.subcategory_id, sort_combined: "price|asc" },
  { sort_combined: "created_at|desc" },
  { search: "toyota" },
  { category_id: 1, sort_combined: "visibility_score|desc" },
  { price_min: 10_000, price_max: 50_000, price_currency: "LRD", sort_combined: "price|asc" },
];
let next = 0;
const browse = () =>
  measure("POST /api/ads/get", `${origin}/api/ads/get`, {
    method: "POST",
    connections: CONNECTIONS,
    seconds: ROUND_SECONDS,
    vary: () => ({ body: bodies[next++ % bodies.length] }),
  });

const usd = (amount: number, usdLrd: number) => Math.round(Number(((amount / usdLrd) * 100).toPrecision(15))) / 100;
const probePrice = async () => {
  const response = await fetch(`${origin}/api/ads/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ user_id: probe.user_id, sort_combined: "created_at|desc", per_page: 10 }),
  });
  const page = (await response.json()) as { data: { data: Array<{ id: number; price: number }> } };
  return page.data.data.find((ad) => ad.id === probe.id)?.price;
};

/** A new rate as the command line sets one: the row and its announcement, committed together. */
async function setRate(usdLrd: number) {
  await sql.begin(async (tx) => {
    await tx`insert into exchange_rates (usd_lrd, note) values (${usdLrd}, 'Benchmark')`;
    await tx`select pg_notify('exchange_rate_changed', ${String(usdLrd)})`;
  });
}

async function rateChange(usdLrd: number) {
  const changedAt = performance.now();
  await setRate(usdLrd);
  const expected = usd(probe.price_local, usdLrd);
  let correctAfter: number | null = null;
  while (performance.now() - changedAt < 120_000) {
    if ((await probePrice()) === expected) {
      correctAfter = (performance.now() - changedAt) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { correctAfter };
}

const idle: LoadResult[] = [];
const during: LoadResult[] = [];
const changes: Array<Awaited<ReturnType<typeof rateChange>> & { usdLrd: number }> = [];
await browse(); // warm the caches and the connection pools
for (let round = 0; round < ROUNDS; round++) {
  idle.push(await browse());
  // Up and down by about 1 % each round, as the Central Bank's daily figure moves.
  const usdLrd: number = Math.round(rate * (round % 2 === 0 ? 1.01 : 0.99) * 100) / 100;
  const load = browse();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const change = await rateChange(usdLrd);
  during.push(await load);
  changes.push({ usdLrd, ...change });
  rate = usdLrd;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(`\nPOST /api/ads/get, ${CONNECTIONS} connections, ${ROUND_SECONDS} s rounds, ${lrdAds} L$ ads:\n`);
console.log("| round | idle p95 ms | during a rate change p95 ms | ratio | lists correct after ms |");
console.log("| ----- | ----------- | --------------------------- | ----- | ---------------------- |");
for (let round = 0; round < ROUNDS; round++) {
  const change = changes[round]!;
  console.log(
    `| ${round + 1} | ${idle[round]!.p95} | ${during[round]!.p95} | ${(during[round]!.p95 / idle[round]!.p95).toFixed(2)} | ` +
      `${change.correctAfter === null ? "over 120,000" : Math.round(change.correctAfter * 1000)} |`,
  );
}
console.log(
  `\nMedian p95: idle ${median(idle.map((r) => r.p95))} ms, during ${median(during.map((r) => r.p95))} ms; ` +
    `req/s idle ${median(idle.map((r) => r.rps))}, during ${median(during.map((r) => r.rps))}`,
);

server.child.kill("SIGTERM");
await server.exited;
await database.close();
