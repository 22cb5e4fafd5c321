/**
 * The duplicate-photo check (issue 28, decision 078) at the data set in the configured database (seed it first, see
 * README.md; `seed:bulk` gives every image a random 64-bit hash): the exact lookup posting runs
 * (`findPhotoMatches`: the four indexed 16-bit bands, then the Hamming distance, joined to live ads), one new image
 * at a time, then a whole ad of 8 photos. "Copies" are hashes 1–3 bits away from a stored photo's, so each finds
 * it; "new" are random hashes, which share a band with ~180 stored images and match none. A thousand stored
 * near-duplicate pairs are added first, as sellers' re-posted photos would be. The plan is printed under EXPLAIN.
 *
 *   DATA_DIR=/tmp/bench-data node --import tsx bench/photo-duplicates.bench.ts
 */
import { PHOTO_HASH_MAX_DISTANCE } from "@waterside/shared/ad-screening";
import { sql } from "drizzle-orm";
import { loadConfigOrExit } from "../apps/api/src/config.ts";
import { openConfiguredDatabase } from "../apps/api/src/db/database.ts";
import { findPhotoMatches } from "../apps/api/src/modules/ad-screening/ad-screening.queries.ts";
import { capturingDatabase, explain } from "./lib/explain.ts";

const LOOKUPS = Number(process.env.BENCH_REQUESTS ?? 400);

const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, console.log);
const { db } = database;

// A data set seeded before issue 28 has no hashes: random ones, as seed:bulk now writes.
const [{ unhashed } = { unhashed: 0 }] = await db.execute<{ unhashed: number }>(
  sql`select count(*)::int as unhashed from ad_images where phash is null`,
);
if (unhashed > 0) {
  console.log(`Giving ${unhashed.toLocaleString("en")} images a random hash…`);
  await db.execute(sql`update ad_images
    set phash = (floor(random() * 4294967296)::bigint << 32) # floor(random() * 4294967296)::bigint
    where phash is null`);
  await db.execute(sql`vacuum (analyze) ad_images`);
}

/** `hash` with 1 to PHOTO_HASH_MAX_DISTANCE of its 64 bits flipped: a re-saved copy of the photo. */
function nearCopy(hash: bigint) {
  const flips = 1 + Math.floor(Math.random() * PHOTO_HASH_MAX_DISTANCE);
  const bits = new Set<number>();
  while (bits.size < flips) bits.add(Math.floor(Math.random() * 64));
  let copy = hash;
  for (const bit of bits) copy ^= 1n << BigInt(bit);
  return BigInt.asIntN(64, copy);
}
const randomHash = () =>
  BigInt.asIntN(64, (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32)));

// Stored images of live ads, picked at random from across the table (a block sample reads few pages).
const sampled = await db.execute<{ id: number; phash: string }>(sql`
  select i.id, i.phash::text as phash from ad_images i tablesample system (1)
  join ads a on a.id = i.ad_id where a.status_id = 2 and i.phash is not null
  order by random() limit ${LOOKUPS + 2000}`);
const stored = sampled.map((row) => ({ id: row.id, phash: BigInt(row.phash) }));
// A thousand near-duplicate pairs in the data: another image takes a near copy of a sampled one's hash.
const pairs = stored.slice(LOOKUPS, LOOKUPS + 2000);
for (let index = 0; index + 1 < pairs.length; index += 2) {
  await db.execute(
    sql`update ad_images set phash = ${nearCopy(pairs[index]!.phash).toString()}::bigint where id = ${pairs[index + 1]!.id}`,
  );
}
const [{ ads, images } = { ads: 0, images: 0 }] = await db.execute<{ ads: number; images: number }>(
  sql`select (select count(*)::int from ads) as ads, (select count(*)::int from ad_images) as images`,
);
console.log(
  `Duplicate-photo benchmark: ${ads.toLocaleString("en")} ads, ${images.toLocaleString("en")} images, ` +
    `${Math.floor(pairs.length / 2)} near-duplicate pairs added; distance <= ${PHOTO_HASH_MAX_DISTANCE}`,
);

// The exact statement, under EXPLAIN.
const recording = capturingDatabase(database.url);
await recording.db.transaction((tx) => findPhotoMatches(tx, [nearCopy(stored[0]!.phash)], 0));
await explain(
  database.sql,
  "duplicate-photo lookup, one image",
  recording.captured.find((query) => query.text.includes("bit_count"))!,
  ["set local max_parallel_workers_per_gather = 0", "set local jit = off"],
);
await recording.close();
/** The lookup as posting runs it: in a transaction (posting's own). */
const lookup = (hashes: Array<bigint | null>) => db.transaction((tx) => findPhotoMatches(tx, hashes, 0));

async function timings(label: string, hashes: Array<Array<bigint | null>>) {
  const times: number[] = [];
  let found = 0;
  for (const list of hashes.slice(0, 20)) await lookup(list);
  for (const list of hashes) {
    const started = performance.now();
    const matches = await lookup(list);
    times.push(performance.now() - started);
    if (matches.length) found += 1;
  }
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  return { label, lookups: hashes.length, found, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const lookups = stored.slice(0, LOOKUPS);
const rows = [
  await timings(
    "one image, a copy of a stored photo",
    lookups.map((image) => [nearCopy(image.phash)]),
  ),
  await timings(
    "one image, a new photo",
    lookups.map(() => [randomHash()]),
  ),
  await timings(
    "a whole ad: 8 images, 2 of them copies",
    Array.from({ length: Math.floor(LOOKUPS / 4) }, (_, index) => [
      nearCopy(lookups[index]!.phash),
      nearCopy(lookups[lookups.length - 1 - index]!.phash),
      ...Array.from({ length: 6 }, randomHash),
    ]),
  ),
];
console.log("\n| lookup | lookups | found a match | p50 ms | p95 ms | p99 ms |\n| --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  console.log(`| ${row.label} | ${row.lookups} | ${row.found} | ${row.p50} | ${row.p95} | ${row.p99} |`);
}
await database.close();
