import { EXPIRY_REMINDER_DAYS } from "@waterside/shared/ad-lifecycle";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";
import { adAttributeValues, adImages, ads } from "../../db/schema/ads.ts";
import { chats } from "../../db/schema/chat.ts";
import { users } from "../../db/schema/users.ts";

/** The ad's row as its life's changes need it, locked until the caller's transaction ends; undefined if unknown. */
export async function lockAdLife(tx: Transaction, adId: number) {
  const [row] = await tx
    .select({
      id: ads.id,
      user_id: ads.user_id,
      category_id: ads.category_id,
      status_id: ads.status_id,
      expires_at: ads.expires_at,
      owner_status_id: users.status_id,
    })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.user_id))
    .where(eq(ads.id, adId))
    .for("update", { of: ads });
  return row;
}

/** Whether `buyerId` chatted with `sellerId` about this ad: the only buyer a seller may name (issue 28). */
export async function chattedAbout(tx: Transaction, adId: number, sellerId: number, buyerId: number) {
  if (buyerId === sellerId) return false;
  const [low, high] = sellerId < buyerId ? [sellerId, buyerId] : [buyerId, sellerId];
  const [row] = await tx
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.ad_id, adId), eq(chats.user_low_id, low), eq(chats.user_high_id, high)))
    .limit(1);
  return row !== undefined;
}

/** Everything a repost copies: the ad's fields, its photos' keys and hashes in order and its attribute values. */
export async function findAdToRepost(db: Database, adId: number) {
  const [ad] = await db.select().from(ads).where(eq(ads.id, adId));
  if (!ad) return undefined;
  const [images, values] = await Promise.all([
    db
      .select({ path: adImages.path, phash: adImages.phash })
      .from(adImages)
      .where(eq(adImages.ad_id, adId))
      .orderBy(adImages.order, adImages.id),
    db
      .select({ subcategory_attribute_id: adAttributeValues.subcategory_attribute_id, value: adAttributeValues.value })
      .from(adAttributeValues)
      .where(eq(adAttributeValues.ad_id, adId)),
  ]);
  return { ad, images, values };
}

/** The ad's attribute values by attribute name, as a form sends them: what the posting checks read (issue 28). */
export async function findAttributesByName(db: Database, adId: number) {
  const rows = await db.execute<{ name: string; value: string }>(sql`
    select at.name, v.value from ad_attribute_values v
    join subcategory_attributes sa on sa.id = v.subcategory_attribute_id
    join attributes at on at.id = sa.attribute_id
    where v.ad_id = ${adId}`);
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/**
 * A running boost outlives expiry (issue 28, decision 075): an active ad due to expire, or to be reminded of it,
 * before its boost ends expires when the boost does. Its expires_at moves to the boost's end, so the seller is
 * reminded before that date and not before one that no longer holds.
 */
export async function extendBoostedAds(db: Database) {
  const moved = await db.execute<{ id: number }>(sql`
    update ads a set expires_at = b.ends
    from (
      select s.ad_id, max(s.end_date) as ends from subscriptions s
      where s.ad_id is not null and s.status = 'active' and s.end_date > now()
      group by s.ad_id
    ) b
    where a.id = b.ad_id and a.status_id = ${AD_STATUS.active} and a.expires_at < b.ends
      and a.expires_at <= now() + make_interval(days => ${EXPIRY_REMINDER_DAYS})
    returning a.id`);
  return moved.length;
}

/**
 * Expires up to `limit` active ads whose time has come. Rows another process is expiring are skipped, not waited
 * for, and `status_id = 2` is checked again at the update: two processes never expire the same ad twice.
 */
export async function expireDueBatch(db: Database, limit: number) {
  const rows = await db.execute<{ id: number }>(sql`
    update ads set status_id = ${AD_STATUS.expired}
    where id in (
      select id from ads where status_id = ${AD_STATUS.active} and expires_at <= now()
      order by expires_at limit ${limit} for update skip locked
    ) and status_id = ${AD_STATUS.active} and expires_at <= now()
    returning id`);
  return rows.map((row) => row.id);
}

/**
 * Claims up to `limit` active ads expiring within EXPIRY_REMINDER_DAYS whose reminder for this expires_at has not
 * gone out: the update that marks each one is the claim, so a retry or a second process never claims it again.
 */
export async function claimDueReminders(tx: Transaction, limit: number) {
  return tx.execute<{ id: number; user_id: number; title: string; expires_at: Date }>(sql`
    update ads set expiry_reminded_for = expires_at
    where id in (
      select id from ads
      where status_id = ${AD_STATUS.active} and expires_at > now()
        and expires_at <= now() + make_interval(days => ${EXPIRY_REMINDER_DAYS})
        and expiry_reminded_for is distinct from expires_at
      order by expires_at limit ${limit} for update skip locked
    ) and expiry_reminded_for is distinct from expires_at
    returning id, user_id, title, expires_at`);
}
