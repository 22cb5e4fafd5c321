import type { TDealStatus } from "@waterside/shared/deals-messages";
import { sql, type SQL } from "drizzle-orm";
import type { Transaction } from "../../db/database.ts";
import type { Publish } from "../../lib/domain-events.ts";
import type { DealRow } from "./deals.queries.ts";

/** Who moved a deal: a party, an admin, or nobody (the money's arrival, the clock, the ad leaving sale). */
export type DealActor = { userId: number } | { adminId: number } | null;

export interface DealMove {
  from: readonly TDealStatus[];
  to: TDealStatus;
  /** What happened, for the trail and the parties' messages: paid, released_by_code, confirmed, auto_released … */
  action: string;
  actor: DealActor;
  /** Further columns the move sets, e.g. sql`held_at = now()`. */
  set?: SQL;
  /** A further condition the move holds only under (the right code, a lock not in force). */
  guard?: SQL;
  note?: string;
}

export type MovedDeal = Pick<
  DealRow,
  "id" | "kind" | "ad_id" | "ad_title" | "buyer_id" | "seller_id" | "status" | "amount" | "currency" | "fee"
> & { provider: DealRow["provider"]; buyer_phone: string | null; from_status: TDealStatus };

/**
 * The one place a deal changes state (issue 33): one update guarded by the states it leaves (and any further
 * condition), so of concurrent taps, callbacks and jobs on any number of processes exactly one moves it and the rest
 * find nothing to move. The move, its trail row and its announcement commit together; undefined: nothing moved.
 */
export async function moveDeal(
  tx: Transaction,
  publish: Publish,
  dealId: number,
  move: DealMove,
): Promise<MovedDeal | undefined> {
  const [moved] = await tx.execute<MovedDeal & Record<string, unknown>>(sql`
    update deals d set status = ${move.to}, updated_at = now()${move.set ? sql`, ${move.set}` : sql``}
    from (select id, status as from_status from deals where id = ${dealId} for update) prior
    where d.id = prior.id and d.status in ${sql`(${sql.join(
      move.from.map((status) => sql`${status}`),
      sql`, `,
    )})`}${move.guard ? sql` and ${move.guard}` : sql``}
    returning d.id, d.kind, d.ad_id, d.ad_title, d.buyer_id, d.seller_id, d.status, d.amount::float8 as amount,
      d.currency, d.fee::float8 as fee, d.provider, d.buyer_phone, prior.from_status`);
  if (!moved) return undefined;
  await recordDealEvent(tx, dealId, {
    from: moved.from_status,
    to: move.to,
    action: move.action,
    actor: move.actor,
    note: move.note,
  });
  await publish("deal.changed", {
    dealId,
    adId: moved.ad_id,
    buyerId: moved.buyer_id,
    sellerId: moved.seller_id,
    status: move.to,
    action: move.action,
    actorUserId: move.actor && "userId" in move.actor ? move.actor.userId : null,
    amount: moved.amount,
    currency: moved.currency,
  });
  return moved;
}

/** A step in a deal's trail that is not a move of its state (handed over, a wrong code, a payout's outcome). */
export async function recordDealEvent(
  tx: Transaction,
  dealId: number,
  event: { from: TDealStatus | null; to: TDealStatus; action: string; actor: DealActor; note?: string },
) {
  const actor = event.actor;
  await tx.execute(sql`
    insert into deal_events (deal_id, from_status, to_status, action, actor_user_id, actor_admin_id, note)
    values (${dealId}, ${event.from}, ${event.to}, ${event.action},
      ${actor && "userId" in actor ? actor.userId : null}, ${actor && "adminId" in actor ? actor.adminId : null},
      ${event.note ?? null})`);
}
