import { PHOTO_HASH_MAX_DISTANCE, type TAdFlagReason } from "@waterside/shared/ad-screening";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { adFlags, adScreeningRules } from "../../db/schema/ad-screening.ts";
import { PHOTO_HASH_BAND_SHIFTS, photoHashBands } from "../../lib/photo-hash.ts";

export interface PhotoMatch {
  /** Index of the new photo in the list asked about. */
  photo: number;
  ad_id: number;
  user_id: number;
}

/**
 * The live ads (status Active, other than `exceptAdId`) holding a photo within PHOTO_HASH_MAX_DISTANCE bits of each
 * hash. Each band is compared exactly as its index `ad_images_phash_band{n}_idx` is defined, `phash is not null`
 * included, so PostgreSQL reads four index ranges (a BitmapOr) and checks the distance on those few rows only
 * (decision 078): a pair at most 3 bits apart agrees on at least one of the four 16-bit bands.
 */
export async function findPhotoMatches(
  tx: Transaction,
  hashes: ReadonlyArray<bigint | null>,
  exceptAdId: number,
): Promise<PhotoMatch[]> {
  const lookups = hashes.flatMap((hash, photo) => {
    if (hash === null) return [];
    const bands = photoHashBands(hash);
    const anyBand = sql.join(
      PHOTO_HASH_BAND_SHIFTS.map(
        (shift, band) =>
          sql`(((i.phash >> ${sql.raw(String(shift))}) & 65535) = ${bands[band]} and i.phash is not null)`,
      ),
      sql` or `,
    );
    return [
      sql`select ${photo}::int as photo, i.ad_id from ad_images i
        where (${anyBand})
          and bit_count((i.phash # ${hash.toString()}::bigint)::bit(64)) <= ${PHOTO_HASH_MAX_DISTANCE}`,
    ];
  });
  if (lookups.length === 0) return [];
  // A few hundred index entries are read: parallel workers would cost more to start than the whole lookup (and a
  // band's expression has no statistics until ANALYZE has seen its index, so the planner may think otherwise).
  // Nor is compiling it (JIT) ever worth its 30 ms.
  await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
  await tx.execute(sql`set local jit = off`);
  // The few matching rows first, then each one's ad by primary key: however stale the statistics, no plan may walk
  // the ads table to join a handful of rows.
  return tx.execute<PhotoMatch & Record<string, unknown>>(sql`
    with m as materialized (${sql.join(lookups, sql` union all `)})
    select distinct photo, ad_id, user_id from (
      select m.photo, m.ad_id,
        (select a.user_id from ads a where a.id = m.ad_id and a.status_id = ${AD_STATUS.active}) as user_id
      from m where m.ad_id <> ${exceptAdId}) live
    where user_id is not null
    order by photo, ad_id`);
}

/** The ids of Brand, Model and Year, which narrow the price guide. */
export async function findGuideAttributeIds(db: Database | Transaction) {
  return db.execute<{ id: number; name: string }>(
    sql`select id, name from attributes where name in ('Brand', 'Model', 'Year')`,
  );
}

export interface NewFlag {
  reason: TAdFlagReason;
  other_ad_id?: number | null;
  rule_id?: number | null;
  detail: string;
}

/** The ad's flags become `flags`: what its content earns now (posting, or an owner's edit). */
export async function replaceFlags(tx: Transaction, adId: number, flags: readonly NewFlag[]) {
  await tx.delete(adFlags).where(eq(adFlags.ad_id, adId));
  if (flags.length === 0) return;
  await tx
    .insert(adFlags)
    .values(flags.map((flag) => ({ ad_id: adId, ...flag })))
    .onConflictDoNothing();
}

const ruleColumns = {
  id: adScreeningRules.id,
  kind: adScreeningRules.kind,
  pattern: adScreeningRules.pattern,
  action: adScreeningRules.action,
  reason: adScreeningRules.reason,
};

/** Every rule, for the screening cache. */
export const findRulesToScreen = (db: Database) => db.select(ruleColumns).from(adScreeningRules);

/** Every rule with its author, newest first, as GET /admin/screening-rules lists them. */
export async function findRulesForAdmins(db: Database, id?: number) {
  const rows = await db.execute<{
    id: number;
    kind: string;
    pattern: string;
    action: string;
    reason: string;
    created_by: { id: number; name: string };
    created_at: string;
    updated_at: string;
  }>(sql`
    select r.id, r.kind, r.pattern, r.action, r.reason,
      json_build_object('id', a.id, 'name', a.name) as created_by, r.created_at, r.updated_at
    from ${adScreeningRules} r join admins a on a.id = r.created_by
    where ${id === undefined ? sql`true` : sql`r.id = ${id}`}
    order by r.created_at desc, r.id desc`);
  return rows.map((row) => ({
    ...row,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}

export const findRuleForUpdate = async (tx: Transaction, id: number) =>
  (await tx.select().from(adScreeningRules).where(eq(adScreeningRules.id, id)).for("update"))[0];
