import type { TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/database.ts";

type Reader = Pick<Database, "execute">;

export interface PackageRow {
  id: number;
  name: string;
  description: string;
  price: number;
  type: "ad" | "user";
  duration_days: number;
  active: boolean;
}

export async function findPackages(db: Reader, filter: { type: "ad" | "user" } | { id: number }) {
  return db.execute<PackageRow & Record<string, unknown>>(sql`
    select id, name, description, price::float8 as price, type, duration_days, active from packages
    where active and ${"type" in filter ? sql`type = ${filter.type}` : sql`id = ${filter.id}`}
    order by price, id`);
}

/** A package whether on sale or not: what a payment bought. */
export async function findPackage(db: Reader, id: number) {
  const rows = await db.execute<PackageRow & Record<string, unknown>>(sql`
    select id, name, description, price::float8 as price, type, duration_days, active from packages where id = ${id}`);
  return rows[0];
}

export interface PaymentRow {
  id: string;
  user_id: number;
  /** Null for a safe deal's collection (`type` deal, `deal_id`). */
  package_id: number | null;
  ad_id: number | null;
  type: "ad" | "user" | "deal";
  deal_id: number | null;
  provider: TPaymentProvider;
  amount: number;
  currency: string;
  amount_usd: number;
  usd_lrd: number | null;
  phone_number: string;
  status: "requesting" | "pending" | "successful" | "failed";
  reason: string | null;
  financial_transaction_id: string | null;
  checks: number;
  created_at: string;
  completed_at: string | null;
  package_name: string | null;
  ad_title: string | null;
}

const paymentColumns = sql`
  p.id, p.user_id, p.package_id, p.ad_id, p.type, p.deal_id, p.provider, p.amount::float8 as amount, p.currency,
  p.amount_usd::float8 as amount_usd, p.usd_lrd::float8 as usd_lrd, p.phone_number, p.status,
  p.reason, p.financial_transaction_id, p.checks, p.created_at, p.completed_at, k.name as package_name,
  a.title as ad_title`;

export async function findPayment(db: Reader, id: string) {
  const rows = await db.execute<PaymentRow & Record<string, unknown>>(sql`
    select ${paymentColumns} from payments p left join packages k on k.id = p.package_id left join ads a on a.id = p.ad_id
    where p.id = ${id}`);
  return rows[0];
}

/**
 * Payments by provider and status, with the age of the oldest still open (requesting or pending) in seconds: one
 * grouped query, read when the metrics are scraped (issue 32).
 */
export async function countPaymentsByState(db: Reader) {
  return db.execute<{ provider: string; status: string; payments: number; oldest_open: number | null }>(sql`
    select provider, status, count(*)::int as payments,
      extract(epoch from now() - min(created_at) filter (where status in ('requesting', 'pending')))::float
        as oldest_open
    from payments group by provider, status`);
}

/** The boosts' payments, newest first: a safe deal's collection (no package) is shown with its deal instead. */
export async function findPayments(db: Reader, userId: number, { limit, offset }: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    db.execute<PaymentRow & Record<string, unknown>>(sql`
      select ${paymentColumns} from payments p join packages k on k.id = p.package_id left join ads a on a.id = p.ad_id
      where p.user_id = ${userId} order by p.created_at desc, p.id limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`
      select count(*)::int as total from payments where user_id = ${userId} and type <> 'deal'`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export interface SubscriptionRow {
  id: number;
  user_id: number;
  type: "ad" | "user";
  status: "active" | "pending" | "canceled" | "expired";
  start_date: string | null;
  end_date: string | null;
  package_id: number;
  package_name: string;
  package_price: number;
  ad_id: number | null;
  ad_title: string | null;
  created_at: string;
}

const subscriptionColumns = sql`
  s.id, s.user_id, s.type, s.status, s.start_date, s.end_date, s.package_id, k.name as package_name,
  k.price::float8 as package_price, s.ad_id, a.title as ad_title, s.created_at`;

export async function findSubscription(db: Reader, where: { id: number } | { paymentId: string }) {
  const rows = await db.execute<SubscriptionRow & Record<string, unknown>>(sql`
    select ${subscriptionColumns}
    from subscriptions s join packages k on k.id = s.package_id left join ads a on a.id = s.ad_id
    where ${"id" in where ? sql`s.id = ${where.id}` : sql`s.payment_id = ${where.paymentId}`}`);
  return rows[0];
}

export async function findSubscriptions(
  db: Reader,
  userId: number,
  filters: { type?: string; status?: string; start_date?: string; end_date?: string },
  { limit, offset }: { limit: number; offset: number },
) {
  // A subscription is in the range when its period meets it; one not started yet counts by when it was bought.
  const where = sql.join(
    [
      sql`s.user_id = ${userId}`,
      filters.type ? sql`s.type = ${filters.type}` : undefined,
      filters.status ? sql`s.status = ${filters.status}` : undefined,
      filters.start_date ? sql`coalesce(s.end_date, s.created_at) >= ${filters.start_date}::date` : undefined,
      filters.end_date
        ? sql`coalesce(s.start_date, s.created_at) < ${filters.end_date}::date + interval '1 day'`
        : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const [rows, [count]] = await Promise.all([
    db.execute<SubscriptionRow & Record<string, unknown>>(sql`
      select ${subscriptionColumns}
      from subscriptions s join packages k on k.id = s.package_id left join ads a on a.id = s.ad_id
      where ${where} order by s.created_at desc, s.id desc limit ${limit} offset ${offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from subscriptions s where ${where}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The running subscription of an ad (type ad) or of a business (type user), if any. */
export async function findActiveSubscription(db: Reader, userId: number, type: "ad" | "user", adId: number | null) {
  const rows = await db.execute<SubscriptionRow & Record<string, unknown>>(sql`
    select ${subscriptionColumns}
    from subscriptions s join packages k on k.id = s.package_id left join ads a on a.id = s.ad_id
    where s.user_id = ${userId} and s.type = ${type} and s.status = 'active' and s.end_date > now()
      and ${adId === null ? sql`s.ad_id is null` : sql`s.ad_id = ${adId}`}
    order by s.end_date desc limit 1`);
  return rows[0];
}

/** The ad a seller pays to boost: theirs, not deleted. */
export async function findOwnAd(db: Reader, adId: number) {
  const rows = await db.execute<{ id: number; user_id: number; status_id: number; title: string }>(sql`
    select id, user_id, status_id, title from ads where id = ${adId}`);
  return rows[0];
}

/**
 * Open payments due for a check, claimed for `claimSeconds` by pushing their next check forward: several
 * processes running the reconciler take different payments (SKIP LOCKED) and none asks a provider twice at once.
 */
export async function claimDuePayments(tx: Transaction, limit: number, claimSeconds: number) {
  return tx.execute<{ id: string }>(sql`
    update payments set next_check_at = now() + ${claimSeconds} * interval '1 second'
    where id in (
      select id from payments where status in ('requesting', 'pending') and next_check_at <= now()
      order by next_check_at limit ${limit} for update skip locked)
    returning id`);
}

/**
 * The turn to ask a provider about an open payment, claimed by one guarded update: of any number of pollers,
 * callbacks' checks and reconcilers on any number of processes, one gets it per `intervalSeconds` (the row lock makes
 * the others re-read the fresh time and update nothing). False when it is not the caller's turn or not open.
 */
export async function claimProviderCheck(db: Reader, id: string, intervalSeconds: number) {
  const claimed = await db.execute<{ id: string }>(sql`
    update payments set provider_checked_at = now()
    where id = ${id} and status in ('requesting', 'pending')
      and (provider_checked_at is null or provider_checked_at <= now() - ${intervalSeconds} * interval '1 second')
    returning id`);
  return claimed.length > 0;
}
