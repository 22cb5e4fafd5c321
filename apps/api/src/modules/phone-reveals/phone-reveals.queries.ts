import { sql } from "drizzle-orm";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import type { Transaction } from "../../lib/domain-events.ts";

/** An ad as a reveal needs it: public (active, in an open category), with its seller's number and choice. */
export async function findRevealableAd(tx: Transaction, adId: number) {
  const [row] = await tx.execute<{
    seller_id: number;
    phone_number: string | null;
    phone_revealable: boolean;
  }>(sql`
    select u.id as seller_id, coalesce(u.phone_number, u.verified_phone_number) as phone_number, u.phone_revealable
    from ads a
    join subcategories s on s.id = a.subcategory_id
    join categories c on c.id = a.category_id
    join users u on u.id = a.user_id
    where a.id = ${adId} and a.status_id = ${AD_STATUS.active} and s.active and c.active and u.deleted_at is null`);
  return row;
}

export async function buyerHasVerifiedPhone(tx: Transaction, buyerId: number): Promise<boolean> {
  const [row] = await tx.execute<{ verified: boolean }>(
    sql`select verified_phone_number is not null as verified from users where id = ${buyerId}`,
  );
  return row?.verified ?? false;
}

/**
 * The buyer's reveals since the start of today (UTC, which is Liberia's time), and whether this ad is among them.
 * Holds a lock on the buyer until the transaction ends, so two reveals at once cannot both take the last one.
 */
export async function lockTodaysReveals(tx: Transaction, buyerId: number, adId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('phone_reveals'), ${buyerId})`);
  const [row] = await tx.execute<{ count: number; this_ad: boolean }>(sql`
    select count(*)::int as count, coalesce(bool_or(ad_id = ${adId}), false) as this_ad
    from phone_reveals
    where buyer_id = ${buyerId} and created_at >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`);
  return row ?? { count: 0, this_ad: false };
}

export async function insertReveal(tx: Transaction, buyerId: number, adId: number) {
  await tx.execute(sql`insert into phone_reveals (ad_id, buyer_id) values (${adId}, ${buyerId})`);
}
