import { sql } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";
import type { Publish } from "../../lib/domain-events.ts";
import { findActiveSubscription, findPackage, type PaymentRow } from "./payments.queries.ts";

const DAY_MS = 86_400_000;

/** A boost's payment: a package of an ad or a business (a safe deal's collection has neither). */
export interface BoostPayment {
  package_id: number;
  type: "ad" | "user";
}

/** Whether a payment bought a boost (payments_buys_one_thing: then it has a package). */
export const isBoostPayment = <P extends Pick<PaymentRow, "package_id" | "type">>(
  payment: P,
): payment is P & BoostPayment => payment.type !== "deal" && payment.package_id !== null;

/**
 * Starts the subscription a successful payment bought, in the transaction that settled it, for a period of its
 * package from now. An upgrade (another package on a running boost) ends the running one and carries its unused time
 * over at its value: the days left times the old price over the new (decision 048).
 */
export async function activateSubscription(
  tx: Transaction,
  publish: Publish,
  payment: Pick<PaymentRow, "id" | "user_id" | "ad_id"> & BoostPayment,
) {
  const now = Date.now();
  // The package as it is now, even if it has since been withdrawn from sale: it was paid for.
  const pack = (await findPackage(tx, payment.package_id))!;
  const running = await findActiveSubscription(tx, payment.user_id, payment.type, payment.ad_id);
  let carriedMs = 0;
  if (running) {
    const left = Math.max(0, new Date(running.end_date!).getTime() - now);
    carriedMs = pack.price > 0 ? Math.floor((left * running.package_price) / pack.price) : 0;
    await tx.execute(sql`
      update subscriptions set status = 'canceled', end_date = now(), updated_at = now() where id = ${running.id}`);
  }
  const end = new Date(now + pack.duration_days * DAY_MS + carriedMs);
  const [started] = await tx.execute<{ id: number }>(sql`
    update subscriptions set status = 'active', start_date = now(), end_date = ${end.toISOString()}, updated_at = now()
    where payment_id = ${payment.id} returning id`);
  if (!started) {
    // The waiting row was removed (an account clean-up): the money came, so the boost starts all the same.
    await tx.execute(sql`
      insert into subscriptions (user_id, ad_id, package_id, type, status, start_date, end_date, payment_id)
      values (${payment.user_id}, ${payment.ad_id}, ${payment.package_id}, ${payment.type}, 'active', now(),
        ${end.toISOString()}, ${payment.id})`);
  }
  await publish("subscription.changed", { userId: payment.user_id, adId: payment.ad_id });
}
