/**
 * Generates a large data set for benchmarks: `npm run seed:bulk -- --ads 1000000`.
 * Ads are written by PostgreSQL itself (INSERT … SELECT over generate_series) from a few thousand
 * plausible samples drawn in JavaScript, so a million ads take minutes. Their photos come from a small
 * shared pool, which is fine for benchmarks and never for real ads (deleting one would remove others').
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { AD_STATUS, USER_TYPE } from "@waterside/shared/reference-ids";
import { loadConfigOrExit } from "../../config.ts";
import { encodeAdImage, storeAdImage } from "../../lib/images.ts";
import { createStorage } from "../../lib/storage.ts";
import { openConfiguredDatabase } from "../database.ts";
import { drawPicture, seededRandom } from "./placeholder-images.ts";
import { fakeAd, loadDemoCatalog } from "./seed-demo.ts";
import { seedReferenceData } from "./seed-reference.ts";

const SAMPLES_PER_SUBCATEGORY = 40;
const PHOTO_POOL = 12;
const IMAGES_PER_AD = 3;
const BULK_USERS = 5000;
const BATCH = 100_000;

const { values: args } = parseArgs({ options: { ads: { type: "string", default: "1000000" } } });
const total = Number(args.ads);
if (!Number.isInteger(total) || total < 1) {
  process.stderr.write("--ads must be a positive whole number\n");
  process.exit(1);
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const config = loadConfigOrExit();
const database = await openConfiguredDatabase(config, say);
const { db } = database;
const storage = createStorage(config);
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

await seedReferenceData(db, storage);
const random = seededRandom(total);

say(`Bulk users…`);
await db.execute(sql`
  insert into users (name, email, usertype_id, phone_number, created_at)
  select 'Bulk Seller ' || g, 'bulk-' || g || '@bulk.waterside.lr',
         case when g % 5 = 0 then ${USER_TYPE.company}::smallint else ${USER_TYPE.individual}::smallint end,
         '23188' || lpad(g::text, 7, '0'), now() - (g % 900) * interval '1 day'
  from generate_series(1, ${BULK_USERS}) g
  on conflict do nothing`);

say(`Photo pool…`);
const catalog = await loadDemoCatalog(db);
const pool: string[] = [];
for (let index = 0; index < PHOTO_POOL; index++) {
  const entry = catalog[(index * 7) % catalog.length]!;
  const picture = await drawPicture({
    width: 1280,
    height: 960,
    colors: entry.colors,
    label: entry.seed.name,
    seed: index,
  });
  pool.push(await storeAdImage(storage, "bulk", await encodeAdImage(picture)));
}

say(`Samples…`);
const areaRows = await db.execute<{ id: number; county_id: number; name: string; county: string }>(
  sql`select a.id, a.county_id, a.name, c.name as county from areas a join counties c on c.id = a.county_id order by a.id`,
);
await db.execute(sql`drop table if exists bulk_samples`);
await db.execute(sql`create unlogged table bulk_samples (
  n int primary key, subcategory_id int, category_id int, title text, description text, price numeric, attrs jsonb)`);
const samples = catalog.flatMap((entry, entryIndex) =>
  Array.from({ length: SAMPLES_PER_SUBCATEGORY }, (_, index) => {
    const fake = fakeAd(entry, random.pick(areaRows).name, random);
    return {
      n: entryIndex * SAMPLES_PER_SUBCATEGORY + index + 1,
      subcategory_id: entry.subcategoryId,
      category_id: entry.categoryId,
      title: fake.title,
      description: fake.description,
      price: fake.price,
      attrs: Object.fromEntries(fake.values),
    };
  }),
);
await db.execute(sql`insert into bulk_samples
  select * from jsonb_to_recordset(${JSON.stringify(samples)}::jsonb)
  as s(n int, subcategory_id int, category_id int, title text, description text, price numeric, attrs jsonb)`);

const userIds = await db.execute<{ id: number }>(sql`select id from users order by id`);
const [{ max: startId }] = (await db.execute<{ max: number }>(
  sql`select coalesce(max(id), 0)::int as max from ads`,
)) as unknown as [{ max: number }];

say(`Writing ${total.toLocaleString("en")} ads in batches of ${BATCH.toLocaleString("en")}…`);
for (let offset = 0; offset < total; offset += BATCH) {
  const size = Math.min(BATCH, total - offset);
  const base = startId + offset;
  await db.transaction(async (tx) => {
    await tx.execute(sql`create temp table picked on commit drop as
      select ${base}::int + g as id,
             1 + floor(random() * ${samples.length})::int as sample,
             1 + floor(random() * ${areaRows.length})::int as area,
             1 + floor(random() * ${userIds.length})::int as seller,
             random() as r
      from generate_series(1, ${size}) g`);
    await tx.execute(sql`
      with areas_list as (select row_number() over (order by a.id) as n, a.id, a.county_id, a.name || ', ' || c.name as location
                          from areas a join counties c on c.id = a.county_id),
           users_list as (select row_number() over (order by id) as n, id from users)
      insert into ads (id, user_id, category_id, subcategory_id, county_id, area_id, location, title, description, price,
                       status_id, visibility_score, created_at, updated_at)
      overriding system value
      select p.id, u.id, s.category_id, s.subcategory_id, a.county_id, a.id, a.location, s.title, s.description,
             round(s.price * (0.8 + p.r * 0.4)),
             case when p.r < 0.03 then ${AD_STATUS.hidden}::smallint else ${AD_STATUS.active}::smallint end,
             floor(power(random(), 3) * 100)::int,
             now() - power(p.r, 1.5) * interval '365 days', now() - power(p.r, 1.5) * interval '365 days'
      from picked p
      join bulk_samples s on s.n = p.sample
      join areas_list a on a.n = p.area
      join users_list u on u.n = p.seller`);
    // Every ad waits in the admins' moderation queue, as a posted one does (its `ad.created` reaction).
    await tx.execute(sql`insert into moderation_queue_ads (ad_id) select id from picked`);
    await tx.execute(sql`
      insert into ad_attribute_values (ad_id, subcategory_attribute_id, value)
      select p.id, kv.key::int, kv.value
      from picked p join bulk_samples s on s.n = p.sample, jsonb_each_text(s.attrs) kv`);
    // Each row a random 64-bit photo hash (decision 078): the duplicate-photo check reads its bands as it would
    // real photos', where a shared pool's few hashes would make every row a match.
    await tx.execute(sql`
      insert into ad_images (ad_id, path, "order", phash)
      select p.id, (${`{${pool.join(",")}}`}::text[])[1 + (p.id + k) % ${pool.length}::int], k,
             (floor(random() * 4294967296)::bigint << 32) # floor(random() * 4294967296)::bigint
      from picked p cross join generate_series(0, ${IMAGES_PER_AD - 1}) k`);
  });
  say(`  ${(offset + size).toLocaleString("en")} ads (${elapsed()})`);
}

await db.execute(sql`select setval(pg_get_serial_sequence('ads', 'id'), (select max(id) from ads))`);
await db.execute(sql`drop table bulk_samples`);
// Vacuum sets the visibility map, without which list queries cannot answer from their indexes alone.
say(`Vacuuming and analysing…`);
await db.execute(sql`vacuum (analyze)`);
say(`Done: ${total.toLocaleString("en")} ads in ${elapsed()}.`);
await database.close();
