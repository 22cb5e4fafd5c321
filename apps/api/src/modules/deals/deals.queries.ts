import type { TDealKind, TDealRole, TDealStatus } from "@waterside/shared/deals-messages";
import type { TCurrency } from "@waterside/shared/money";
import { USER_STATUS } from "@waterside/shared/reference-ids";
import type { TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql, type SQL } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database, "execute">;

export interface DealRow {
  id: number;
  kind: TDealKind;
  ad_id: number | null;
  ad_title: string;
  ad_image: string | null;
  buyer_id: number;
  buyer_name: string;
  buyer_image: string | null;
  seller_id: number;
  seller_name: string;
  seller_image: string | null;
  status: TDealStatus;
  amount: number;
  currency: TCurrency;
  amount_usd: number;
  fee: number;
  provider: TPaymentProvider | null;
  buyer_phone: string | null;
  payment_id: string | null;
  code: string | null;
  code_failures: number;
  code_locked_until: string | null;
  held_at: string | null;
  handed_over_at: string | null;
  auto_release_at: string | null;
  dispute_reason: string | null;
  dispute_details: string | null;
  disputed_by: TDealRole | null;
  disputed_at: string | null;
  resolution_note: string | null;
  payout_id: string | null;
  payout_status: "pending" | "successful" | "failed" | null;
  payout_completed_at: string | null;
  ledger_difference: string | null;
  chat_id: number | null;
  reviewed_by_buyer: boolean;
  reviewed_by_seller: boolean;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

const dealColumns = sql`
  d.id, d.kind, d.ad_id, d.ad_title,
  (select path from ad_images i where i.ad_id = d.ad_id order by i."order" limit 1) as ad_image,
  d.buyer_id, b.name as buyer_name, b.profile_image as buyer_image,
  d.seller_id, s.name as seller_name, s.profile_image as seller_image,
  d.status, d.amount::float8 as amount, d.currency, d.amount_usd::float8 as amount_usd, d.fee::float8 as fee,
  d.provider, d.buyer_phone, d.payment_id, d.code, d.code_failures, d.code_locked_until, d.held_at, d.handed_over_at,
  d.auto_release_at, d.dispute_reason, d.dispute_details, d.disputed_by, d.disputed_at, d.resolution_note,
  d.payout_id, d.payout_status, d.payout_completed_at, d.ledger_difference,
  (select c.id from chats c
    where c.user_low_id = least(d.buyer_id, d.seller_id) and c.user_high_id = greatest(d.buyer_id, d.seller_id)
      and c.ad_id is not distinct from d.ad_id) as chat_id,
  exists (select 1 from user_reviews r where r.deal_id = d.id and r.author_id = d.buyer_id) as reviewed_by_buyer,
  exists (select 1 from user_reviews r where r.deal_id = d.id and r.author_id = d.seller_id) as reviewed_by_seller,
  d.closed_at, d.created_at, d.updated_at`;

const dealsFrom = sql`from deals d join users b on b.id = d.buyer_id join users s on s.id = d.seller_id`;

export async function findDeal(db: Reader, id: number) {
  const rows = await db.execute<DealRow & Record<string, unknown>>(sql`
    select ${dealColumns} ${dealsFrom} where d.id = ${id}`);
  return rows[0];
}

/** A user's deals as buyer, seller or either, newest first, optionally of one status. */
export async function findDeals(
  db: Reader,
  userId: number,
  filter: { status?: TDealStatus; role?: TDealRole },
  { limit, offset }: { limit: number; offset: number },
) {
  const party =
    filter.role === "buyer"
      ? sql`d.buyer_id = ${userId}`
      : filter.role === "seller"
        ? sql`d.seller_id = ${userId}`
        : sql`(d.buyer_id = ${userId} or d.seller_id = ${userId})`;
  const where = sql.join([party, ...(filter.status ? [sql`d.status = ${filter.status}`] : [])], sql` and `);
  return pagedDeals(db, where, sql`d.created_at desc, d.id desc`, { limit, offset });
}

/** The admins' queue: deals of a status (disputed by default), the longest waiting first; or every deal whose ledger differs. */
export async function findDealsForAdmin(
  db: Reader,
  filter: { status?: TDealStatus; ledgerDifference?: boolean },
  { limit, offset }: { limit: number; offset: number },
) {
  const where = filter.ledgerDifference ? sql`d.ledger_difference is not null` : sql`d.status = ${filter.status}`;
  return pagedDeals(db, where, sql`d.updated_at, d.id`, { limit, offset });
}

async function pagedDeals(db: Reader, where: SQL, order: SQL, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    db.execute<DealRow & Record<string, unknown>>(sql`
      select ${dealColumns} ${dealsFrom} where ${where} order by ${order} limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from deals d where ${where}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The ad a buyer starts a deal on: its seller, price, status and title. */
export async function findDealAd(db: Reader, adId: number) {
  const rows = await db.execute<{
    id: number;
    user_id: number;
    status_id: number;
    title: string;
    currency: TCurrency;
    price_local: number;
  }>(sql`
    select id, user_id, status_id, title, currency, price_local::float8 as price_local
    from ads where id = ${adId}`);
  return rows[0];
}

/** A party of a deal: their verified number (the payout goes there) and whether their account is in use. */
export async function findParty(db: Reader, userId: number) {
  const rows = await db.execute<{ id: number; verified_phone_number: string | null; active: boolean }>(sql`
    select id, verified_phone_number, deleted_at is null and status_id = ${USER_STATUS.active} as active
    from users where id = ${userId}`);
  return rows[0];
}

/** What a buyer has put in safe deals since `since` (US$), deals cancelled before payment aside: the daily limit. */
export async function sumBuyerDealsSince(tx: Transaction, buyerId: number, since: Date) {
  const [row] = await tx.execute<{ total: number }>(sql`
    select coalesce(sum(amount_usd), 0)::float8 as total from deals
    where buyer_id = ${buyerId} and kind = 'safe' and created_at >= ${since.toISOString()}
      and not (status = 'cancelled' and held_at is null)`);
  return row?.total ?? 0;
}

/** Whether the two users have chatted about the ad: a cash deal's buyer is someone the seller talked with. */
export async function haveChatted(db: Reader, adId: number, userA: number, userB: number) {
  const rows = await db.execute(sql`
    select 1 from chats where ad_id = ${adId}
      and user_low_id = ${Math.min(userA, userB)} and user_high_id = ${Math.max(userA, userB)}`);
  return rows.length > 0;
}

/** The deal's messages, for an admin deciding a dispute: its chat's history, oldest first (the last 200). */
export async function findDealChat(db: Reader, chatId: number) {
  return db.execute<{ id: number; sender_id: number; text: string; created_at: string }>(sql`
    select * from (
      select id, sender_id, text, created_at from chat_messages where chat_id = ${chatId} order by id desc limit 200
    ) recent order by id`);
}

/** Every move of the deal, oldest first: its audit trail. */
export async function findDealEvents(db: Reader, dealId: number) {
  return db.execute<{
    id: number;
    from_status: string | null;
    to_status: string;
    action: string;
    actor_user_id: number | null;
    actor_admin_id: number | null;
    note: string | null;
    created_at: string;
  }>(sql`
    select id, from_status, to_status, action, actor_user_id, actor_admin_id, note, created_at
    from deal_events where deal_id = ${dealId} order by id`);
}
