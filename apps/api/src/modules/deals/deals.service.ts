import { randomInt } from "node:crypto";
import type { TPaged } from "@waterside/shared/api-envelope";
import type { TCreateDeal, TDeal, TUserReview } from "@waterside/shared/deals";
import {
  DEAL_AUTO_RELEASE_HOURS,
  DEAL_CODE_ATTEMPTS,
  DEAL_CODE_LENGTH,
  DEAL_CODE_LOCK_MINUTES,
  DEAL_DAILY_MAX_USD,
  DEAL_MAX_USD,
  DEAL_MESSAGES,
  DEAL_MIN_USD,
  DEALS_PAGE,
  dealFee,
  type TDealDisputeReason,
  type TDealRole,
  type TDealStatus,
} from "@waterside/shared/deals-messages";
import { imageVariantUrl } from "@waterside/shared/images";
import type { TCurrency } from "@waterside/shared/money";
import { walletOfPhone, type TPaymentProvider } from "@waterside/shared/payments-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../../db/database.ts";
import { isUniqueViolation } from "../../db/unique-violation.ts";
import type { DomainEvents, Publish } from "../../lib/domain-events.ts";
import { toPage } from "../../lib/paging.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { fieldError, HttpError, notFound } from "../../plugins/errors.ts";
import { findLatestRate } from "../exchange-rates/latest-rate.ts";
import type { DealCollections } from "../payments/deal-collections.ts";
import type { Payouts } from "../payouts/payouts.ts";
import { movements, reconcileLedger } from "./deal-ledger.ts";
import { moveDeal, recordDealEvent, type DealActor, type MovedDeal } from "./deal-states.ts";
import {
  findDeal,
  findDealAd,
  findDealChat,
  findDealEvents,
  findDeals,
  findDealsForAdmin,
  findParty,
  haveChatted,
  sumBuyerDealsSince,
  type DealRow,
} from "./deals.queries.ts";
import { findUserReviews, insertUserReview, type UserReviewRow } from "./user-reviews.queries.ts";

const HOUR_MS = 3_600_000;
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
const newCode = () => String(randomInt(0, 10 ** DEAL_CODE_LENGTH)).padStart(DEAL_CODE_LENGTH, "0");
/** Liberia keeps UTC all year: its day starts at 00:00 UTC. */
const startOfDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
/** The payout subjects: one payout per deal and direction, ever (decision 100). */
export const payoutSubject = (dealId: number, direction: "payout" | "refund") => `deal:${dealId}:${direction}`;

/**
 * Safe deals (issue 33, decision 103): the buyer's mobile money is collected through the payments machinery and held
 * until the handover is proven (the buyer's code entered by the seller, the buyer's confirmation, or 72 hours after
 * the seller handed over without a dispute), then paid out to the seller's verified number, or refunded to the buyer.
 * States move only through `moveDeal` (deal-states.ts); money moves are written to the ledger (deal-ledger.ts) in the
 * same transaction, and payouts are requested there too, so a payout exists exactly when its deal was decided.
 */
export function createDealsService({
  db,
  events,
  collections,
  payouts,
  mediaBaseUrl,
  enabled,
  now = () => new Date(),
  log,
}: {
  db: Database;
  events: DomainEvents;
  collections: DealCollections;
  payouts: Payouts;
  mediaBaseUrl: string;
  /** Safe deals are off unless the operator turned them on (SAFE_DEALS): cash deals and reviews work either way. */
  enabled: boolean;
  /** The clock of handovers and auto-release: tests move it. */
  now?: () => Date;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  const media = (key: string | null, variant: "thumbnail" | "original") =>
    key ? imageVariantUrl(key, variant, mediaBaseUrl) : null;
  const party = (id: number, name: string, profileImage: string | null) => ({
    id,
    name,
    profile_image_url: media(profileImage, "original"),
  });

  function toDeal(row: DealRow, viewerId: number): TDeal {
    const role: TDealRole = row.buyer_id === viewerId ? "buyer" : "seller";
    // The code is shown only to the party who gives it: the buyer's while the money is held, the seller's while a
    // cash deal waits.
    const showsCode =
      (role === "buyer" && row.status === "held") || (role === "seller" && row.status === "awaiting_confirmation");
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      ad:
        row.ad_id === null ? null : { id: row.ad_id, title: row.ad_title, image_url: media(row.ad_image, "thumbnail") },
      buyer: party(row.buyer_id, row.buyer_name, row.buyer_image),
      seller: party(row.seller_id, row.seller_name, row.seller_image),
      role,
      amount: row.amount,
      currency: row.currency,
      fee: row.fee,
      provider: row.provider,
      transaction_id: row.payment_id,
      code: showsCode ? row.code : null,
      handed_over_at: iso(row.handed_over_at),
      auto_release_at: iso(row.auto_release_at),
      dispute:
        row.dispute_reason === null
          ? null
          : {
              reason: row.dispute_reason as TDealDisputeReason,
              details: row.dispute_details ?? "",
              by: row.disputed_by!,
              at: iso(row.disputed_at)!,
              resolution_note: row.resolution_note,
            },
      payout:
        row.payout_status === null
          ? null
          : {
              status: row.payout_status,
              amount: row.status === "refunded" ? row.amount : Math.round((row.amount - row.fee) * 100) / 100,
              currency: row.currency,
              completed_at: iso(row.payout_completed_at),
            },
      can_review: row.status === "released" && !(role === "buyer" ? row.reviewed_by_buyer : row.reviewed_by_seller),
      chat_id: row.chat_id,
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
    };
  }

  function toReview(row: UserReviewRow): TUserReview {
    return {
      id: row.id,
      deal_id: row.deal_id,
      stars: row.stars,
      content: row.content,
      role: row.subject_role,
      author: party(row.author_id, row.author_name, row.author_image),
      verified_deal: true,
      ad: row.ad_id === null ? null : { id: row.ad_id, title: row.ad_title },
      created_at: iso(row.created_at)!,
    };
  }

  /** A deal as an admin sees it: with its trail and its chat's messages. */
  async function adminDeal(dealId: number) {
    const deal = await findDeal(db, dealId);
    if (!deal) throw notFound("Deal");
    const [trail, chat] = await Promise.all([
      findDealEvents(db, dealId),
      deal.chat_id === null ? [] : findDealChat(db, deal.chat_id),
    ]);
    return {
      deal: { ...toDeal(deal, deal.buyer_id), code: null, ledger_difference: deal.ledger_difference },
      events: trail.map((event) => ({ ...event, created_at: iso(event.created_at)! })),
      messages: chat.map((message) => ({ ...message, created_at: iso(message.created_at)! })),
    };
  }

  /** A deal the user is a party of; any other is not found, as if it did not exist. */
  async function dealOf(userId: number, dealId: number) {
    const deal = await findDeal(db, dealId);
    if (!deal || (deal.buyer_id !== userId && deal.seller_id !== userId)) throw notFound("Deal");
    return deal;
  }

  /** The same, for the one party a step belongs to: the other party is told it is not theirs. */
  async function dealAs(role: TDealRole, userId: number, dealId: number) {
    const deal = await dealOf(userId, dealId);
    if ((role === "buyer" ? deal.buyer_id : deal.seller_id) !== userId) {
      throw new HttpError(403, role === "buyer" ? "Only the buyer can do this." : "Only the seller can do this.");
    }
    return deal;
  }

  /** The wallet a seller is paid through: their verified number's, if its provider can pay out here. */
  function payoutWalletOf(verifiedPhone: string | null): TPaymentProvider | null {
    const wallet = verifiedPhone ? walletOfPhone(verifiedPhone.replace(/^\+/, "")) : null;
    return wallet && payouts.canPayOut(wallet) ? wallet : null;
  }

  /** What follows a release in its transaction: the fee and the seller's due in the ledger, and the payout. */
  async function released(tx: Transaction, deal: MovedDeal) {
    if (deal.kind === "cash") return;
    await movements.released(tx, deal);
    const seller = (await findParty(tx, deal.seller_id))!;
    const wallet = payoutWalletOf(seller.verified_phone_number);
    if (!wallet || !seller.verified_phone_number) {
      // Checked when the deal began; a seller who since lost their number is paid once an admin sorts it out.
      log.error({ deal: deal.id }, "a released deal's seller has no number a payout can go to");
      await tx.execute(sql`update deals set payout_status = 'failed' where id = ${deal.id}`);
      return;
    }
    const payoutId = await payouts.request(tx, {
      subject: payoutSubject(deal.id, "payout"),
      provider: wallet,
      amount: Math.round((deal.amount - deal.fee) * 100) / 100,
      currency: deal.currency,
      phone: seller.verified_phone_number.replace(/^\+/, ""),
      note: `Safe deal ${deal.id}: ${deal.ad_title}`,
    });
    await tx.execute(sql`update deals set payout_id = ${payoutId}, payout_status = 'pending' where id = ${deal.id}`);
  }

  /** What follows a refund in its transaction: the buyer's due in the ledger, and the payout back to their number. */
  async function refunded(tx: Transaction, deal: MovedDeal) {
    await movements.refundDue(tx, deal);
    const payoutId = await payouts.request(tx, {
      subject: payoutSubject(deal.id, "refund"),
      provider: deal.provider!,
      amount: deal.amount,
      currency: deal.currency,
      phone: deal.buyer_phone!,
      note: `Safe deal ${deal.id} refund: ${deal.ad_title}`,
    });
    await tx.execute(sql`update deals set payout_id = ${payoutId}, payout_status = 'pending' where id = ${deal.id}`);
  }

  /**
   * A code entered (the seller's entry of the buyer's code, or a cash deal's buyer's entry of the seller's): the move
   * happens only with the right code while entry is not paused; a wrong one counts, and the fifth in a row pauses
   * entry for DEAL_CODE_LOCK_MINUTES. The count commits even though the call then fails.
   */
  async function enterCode(
    deal: DealRow,
    code: string,
    move: { from: "held" | "awaiting_confirmation"; action: string; actor: DealActor },
  ) {
    const unlocked = sql`(code_locked_until is null or code_locked_until <= now())`;
    const outcome = await events.transaction(db, async (tx, publish) => {
      const moved = await moveDeal(tx, publish, deal.id, {
        from: [move.from],
        to: "released",
        action: move.action,
        actor: move.actor,
        guard: sql`code = ${code} and ${unlocked}`,
        set: sql`code = null, code_failures = 0, closed_at = now()`,
      });
      if (moved) {
        await released(tx, moved);
        return "released" as const;
      }
      const [failed] = await tx.execute<{ locked: boolean }>(sql`
        update deals set
          code_failures = case when code_failures + 1 >= ${DEAL_CODE_ATTEMPTS} then 0 else code_failures + 1 end,
          code_locked_until = case when code_failures + 1 >= ${DEAL_CODE_ATTEMPTS}
            then now() + ${DEAL_CODE_LOCK_MINUTES} * interval '1 minute' else code_locked_until end
        where id = ${deal.id} and status = ${move.from} and code is distinct from ${code} and ${unlocked}
        returning code_locked_until is not null and code_locked_until > now() as locked`);
      if (failed) {
        await recordDealEvent(tx, deal.id, {
          from: move.from,
          to: move.from,
          action: "code_failed",
          actor: move.actor,
        });
        return failed.locked ? ("locked" as const) : ("wrong" as const);
      }
      return "not-moved" as const;
    });
    if (outcome === "released") return;
    if (outcome === "wrong") throw fieldError("code", DEAL_MESSAGES.codeWrong);
    const fresh = (await findDeal(db, deal.id))!;
    if (fresh.status !== move.from) {
      throw new HttpError(422, move.from === "held" ? DEAL_MESSAGES.notHeld : DEAL_MESSAGES.notAwaitingConfirmation);
    }
    throw new HttpError(429, DEAL_MESSAGES.codeLocked);
  }

  return {
    /** POST /deals: the buyer starts a safe deal; their wallet is asked to pay. */
    async create(buyerId: number, input: TCreateDeal) {
      if (!enabled) throw new HttpError(503, DEAL_MESSAGES.unavailable);
      const ad = await findDealAd(db, input.ad_id);
      if (!ad) throw notFound("Ad");
      if (ad.user_id === buyerId) throw fieldError("ad_id", DEAL_MESSAGES.ownAd);
      if (ad.status_id !== AD_STATUS.active) throw fieldError("ad_id", DEAL_MESSAGES.adNotActive);
      const [buyer, seller] = await Promise.all([findParty(db, buyerId), findParty(db, ad.user_id)]);
      if (!buyer?.verified_phone_number) throw new HttpError(403, DEAL_MESSAGES.buyerUnverified);
      if (!seller?.active || !payoutWalletOf(seller.verified_phone_number)) {
        throw fieldError("ad_id", DEAL_MESSAGES.sellerUnverified);
      }
      const provider = walletOfPhone(input.phone_number)!;
      const currency = input.currency ?? ad.currency;
      const amount = input.amount ?? (currency === ad.currency ? ad.price_local : undefined);
      if (amount === undefined) throw fieldError("amount", DEAL_MESSAGES.amountRequired);
      collections.checkWallet(provider, currency);
      // The seller is paid in the deal's currency, through their own wallet's account: it must hold that currency too.
      collections.checkWallet(payoutWalletOf(seller.verified_phone_number)!, currency);
      let amountUsd = amount;
      let usdLrd: number | null = null;
      if (currency === "LRD") {
        const rate = await findLatestRate(db);
        if (!rate) throw fieldError("currency", DEAL_MESSAGES.lrdUnavailable);
        usdLrd = rate.usd_lrd;
        amountUsd = Math.round((amount / rate.usd_lrd) * 100) / 100;
      }
      if (amountUsd < DEAL_MIN_USD) throw fieldError("amount", DEAL_MESSAGES.amountTooLow);
      if (amountUsd > DEAL_MAX_USD) throw fieldError("amount", DEAL_MESSAGES.amountTooHigh);

      let created: { dealId: number; paymentId: string };
      try {
        created = await events.transaction(db, async (tx, publish) => {
          // One buyer's deals are counted one at a time, so concurrent starts cannot pass the daily limit together.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('deal-buyer'), ${buyerId})`);
          const today = await sumBuyerDealsSince(tx, buyerId, startOfDay(now()));
          if (today + amountUsd > DEAL_DAILY_MAX_USD) throw fieldError("amount", DEAL_MESSAGES.dailyLimit);
          const [deal] = await tx.execute<{ id: number }>(sql`
            insert into deals (kind, ad_id, ad_title, buyer_id, seller_id, status, amount, currency, amount_usd, fee,
              provider, buyer_phone)
            values ('safe', ${ad.id}, ${ad.title}, ${buyerId}, ${ad.user_id}, 'awaiting_payment', ${amount},
              ${currency}, ${amountUsd}, ${dealFee(amount)}, ${provider}, ${input.phone_number})
            returning id`);
          const dealId = deal!.id;
          const paymentId = await collections.write(tx, {
            dealId,
            buyerId,
            adId: ad.id,
            provider,
            amount,
            currency,
            amountUsd,
            usdLrd,
            phone: input.phone_number,
          });
          await tx.execute(sql`update deals set payment_id = ${paymentId} where id = ${dealId}`);
          await recordDealEvent(tx, dealId, {
            from: null,
            to: "awaiting_payment",
            action: "created",
            actor: { userId: buyerId },
          });
          await publish("deal.changed", {
            dealId,
            adId: ad.id,
            buyerId,
            sellerId: ad.user_id,
            status: "awaiting_payment",
            action: "created",
            actorUserId: buyerId,
            amount,
            currency,
          });
          return { dealId, paymentId };
        });
      } catch (error) {
        if (
          isUniqueViolation(error, "deals_one_waiting_unique") ||
          isUniqueViolation(error, "payments_one_open_unique")
        )
          throw new HttpError(409, DEAL_MESSAGES.dealWaiting);
        throw error;
      }
      const sent = await collections.send(created.paymentId);
      if (sent.outcome === "refused") throw fieldError("phone_number", sent.reason ?? DEAL_MESSAGES.unavailable);
      return { id: created.dealId, status: "awaiting_payment" as const, transaction_id: created.paymentId };
    },

    /** POST /deals/cash: the seller records a sale in cash to a buyer who chatted about the ad; the buyer confirms it. */
    async createCash(sellerId: number, input: { ad_id: number; buyer_id: number }) {
      const ad = await findDealAd(db, input.ad_id);
      if (!ad || ad.user_id !== sellerId) throw notFound("Ad");
      if (input.buyer_id === sellerId || !(await haveChatted(db, ad.id, sellerId, input.buyer_id))) {
        throw fieldError("buyer_id", DEAL_MESSAGES.buyerRequired);
      }
      try {
        return await events.transaction(db, async (tx, publish) => {
          const [deal] = await tx.execute<{ id: number }>(sql`
            insert into deals (kind, ad_id, ad_title, buyer_id, seller_id, status, amount, currency, amount_usd, code)
            values ('cash', ${ad.id}, ${ad.title}, ${input.buyer_id}, ${sellerId}, 'awaiting_confirmation',
              ${ad.price_local}, ${ad.currency}, 0, ${newCode()})
            returning id`);
          const dealId = deal!.id;
          await recordDealEvent(tx, dealId, {
            from: null,
            to: "awaiting_confirmation",
            action: "cash_created",
            actor: { userId: sellerId },
          });
          await publish("deal.changed", {
            dealId,
            adId: ad.id,
            buyerId: input.buyer_id,
            sellerId,
            status: "awaiting_confirmation",
            action: "cash_created",
            actorUserId: sellerId,
            amount: ad.price_local,
            currency: ad.currency,
          });
          return toDeal((await findDeal(tx, dealId))!, sellerId);
        });
      } catch (error) {
        if (isUniqueViolation(error, "deals_one_waiting_unique")) throw new HttpError(409, DEAL_MESSAGES.dealWaiting);
        throw error;
      }
    },

    async get(userId: number, dealId: number) {
      return toDeal(await dealOf(userId, dealId), userId);
    },

    async list(
      userId: number,
      query: { status?: TDealStatus; role?: TDealRole; page?: number },
      path: string,
    ): Promise<TPaged<TDeal>> {
      const page = query.page ?? 1;
      const { rows, total } = await findDeals(db, userId, query, {
        limit: DEALS_PAGE,
        offset: (page - 1) * DEALS_PAGE,
      });
      return toPage(
        rows.map((row) => toDeal(row, userId)),
        total,
        page,
        DEALS_PAGE,
        { path, query },
      );
    },

    /** POST /deals/{id}/release {code}: the seller enters the buyer's code at handover. */
    async release(sellerId: number, dealId: number, code: string) {
      const deal = await dealAs("seller", sellerId, dealId);
      if (deal.kind !== "safe" || deal.status !== "held") throw new HttpError(422, DEAL_MESSAGES.notHeld);
      await enterCode(deal, code, { from: "held", action: "released_by_code", actor: { userId: sellerId } });
      return toDeal((await findDeal(db, dealId))!, sellerId);
    },

    /** POST /deals/{id}/confirm: the buyer has the item (a safe deal), or gives the seller's code (a cash deal). */
    async confirm(buyerId: number, dealId: number, code?: string) {
      const deal = await dealAs("buyer", buyerId, dealId);
      if (deal.kind === "cash") {
        if (deal.status !== "awaiting_confirmation") throw new HttpError(422, DEAL_MESSAGES.notAwaitingConfirmation);
        if (!code) throw fieldError("code", DEAL_MESSAGES.codeRequired);
        await enterCode(deal, code, {
          from: "awaiting_confirmation",
          action: "cash_confirmed",
          actor: { userId: buyerId },
        });
        return toDeal((await findDeal(db, dealId))!, buyerId);
      }
      await events.transaction(db, async (tx, publish) => {
        const moved = await moveDeal(tx, publish, dealId, {
          from: ["held"],
          to: "released",
          action: "confirmed",
          actor: { userId: buyerId },
          set: sql`code = null, closed_at = now()`,
        });
        if (!moved) throw new HttpError(422, DEAL_MESSAGES.notHeld);
        await released(tx, moved);
      });
      return toDeal((await findDeal(db, dealId))!, buyerId);
    },

    /** POST /deals/{id}/handed-over: the seller handed the item over; it releases itself in 72 hours unless disputed. */
    async handedOver(sellerId: number, dealId: number) {
      const deal = await dealAs("seller", sellerId, dealId);
      if (deal.kind !== "safe" || deal.status !== "held") throw new HttpError(422, DEAL_MESSAGES.notHeld);
      const at = now();
      const releaseAt = new Date(at.getTime() + DEAL_AUTO_RELEASE_HOURS * HOUR_MS);
      await events.transaction(db, async (tx, publish) => {
        const [marked] = await tx.execute<{ id: number }>(sql`
          update deals set handed_over_at = ${at.toISOString()}, auto_release_at = ${releaseAt.toISOString()},
            updated_at = now()
          where id = ${dealId} and status = 'held' and handed_over_at is null returning id`);
        if (!marked) throw new HttpError(422, DEAL_MESSAGES.alreadyHandedOver);
        await recordDealEvent(tx, dealId, {
          from: "held",
          to: "held",
          action: "handed_over",
          actor: { userId: sellerId },
        });
        await publish("deal.changed", {
          dealId,
          adId: deal.ad_id,
          buyerId: deal.buyer_id,
          sellerId,
          status: "held",
          action: "handed_over",
          actorUserId: sellerId,
          amount: deal.amount,
          currency: deal.currency,
        });
      });
      return toDeal((await findDeal(db, dealId))!, sellerId);
    },

    /** POST /deals/{id}/dispute: either party freezes a deal whose money is held; an admin decides. */
    async dispute(userId: number, dealId: number, input: { reason: TDealDisputeReason; details: string }) {
      const deal = await dealOf(userId, dealId);
      const by: TDealRole = deal.buyer_id === userId ? "buyer" : "seller";
      await events.transaction(db, async (tx, publish) => {
        const moved = await moveDeal(tx, publish, dealId, {
          from: ["held"],
          to: "disputed",
          action: "disputed",
          actor: { userId },
          set: sql`dispute_reason = ${input.reason}, dispute_details = ${input.details}, disputed_by = ${by},
            disputed_at = now(), auto_release_at = null`,
        });
        if (!moved) throw new HttpError(422, DEAL_MESSAGES.notDisputable);
      });
      return toDeal((await findDeal(db, dealId))!, userId);
    },

    /** POST /deals/{id}/cancel (the buyer) or /decline (the seller): before any money is held. */
    async cancel(userId: number, dealId: number, role: TDealRole) {
      await dealAs(role, userId, dealId);
      await events.transaction(db, async (tx, publish) => {
        const moved = await moveDeal(tx, publish, dealId, {
          from: ["awaiting_payment", "awaiting_confirmation"],
          to: "cancelled",
          action: role === "buyer" ? "cancelled" : "declined",
          actor: { userId },
          set: sql`code = null, closed_at = now()`,
        });
        if (!moved) throw new HttpError(422, DEAL_MESSAGES.notAwaitingPayment);
      });
      return toDeal((await findDeal(db, dealId))!, userId);
    },

    /**
     * A deal's collection settled (in the settling transaction). Paid: the deal holds the money and the buyer gets
     * their code. Paid after the deal was cancelled (the prompt was approved late): the money goes straight back.
     * Failed: the deal is cancelled.
     */
    async paymentSettled(
      tx: Transaction,
      publish: Publish,
      settled: { dealId: number; status: "successful" | "failed"; reason: string | null },
    ) {
      if (settled.status === "failed") {
        await moveDeal(tx, publish, settled.dealId, {
          from: ["awaiting_payment"],
          to: "cancelled",
          action: "payment_failed",
          actor: null,
          note: settled.reason ?? undefined,
          set: sql`closed_at = now()`,
        });
        return;
      }
      const held = await moveDeal(tx, publish, settled.dealId, {
        from: ["awaiting_payment", "cancelled"],
        to: "held",
        action: "paid",
        actor: null,
        set: sql`held_at = now(), code = ${newCode()}, closed_at = null`,
      });
      if (!held) return;
      await movements.held(tx, held);
      if (held.from_status === "cancelled") {
        const back = await moveDeal(tx, publish, settled.dealId, {
          from: ["held"],
          to: "refunded",
          action: "refunded_late_payment",
          actor: null,
          set: sql`code = null, closed_at = now()`,
        });
        if (back) await refunded(tx, back);
      }
    },

    /** A deal's payout settled (in the settling transaction): the ledger pays the party, or the failure shows. */
    async payoutSettled(
      tx: Transaction,
      publish: Publish,
      settled: { subject: string; status: "successful" | "failed"; reason: string | null },
    ) {
      const match = /^deal:(\d+):(payout|refund)$/.exec(settled.subject);
      if (!match) return;
      const dealId = Number(match[1]);
      const to = match[2] === "payout" ? "seller" : "buyer";
      const [deal] = await tx.execute<{
        id: number;
        status: TDealStatus;
        currency: TCurrency;
        amount: number;
        fee: number;
        ad_id: number | null;
        buyer_id: number;
        seller_id: number;
      }>(sql`
        update deals set payout_status = ${settled.status},
          payout_completed_at = case when ${settled.status} = 'successful' then now() end, updated_at = now()
        where id = ${dealId} and payout_status is distinct from ${settled.status}
        returning id, status, currency, amount::float8 as amount, fee::float8 as fee, ad_id, buyer_id, seller_id`);
      if (!deal) return;
      if (settled.status === "successful") {
        await movements.paidOut(
          tx,
          deal,
          to,
          to === "seller" ? Math.round((deal.amount - deal.fee) * 100) / 100 : deal.amount,
        );
      }
      const action = settled.status === "successful" ? (to === "seller" ? "paid_out" : "refund_paid") : "payout_failed";
      await recordDealEvent(tx, dealId, {
        from: deal.status,
        to: deal.status,
        action,
        actor: null,
        note: settled.reason ?? undefined,
      });
      await publish("deal.changed", {
        dealId,
        adId: deal.ad_id,
        buyerId: deal.buyer_id,
        sellerId: deal.seller_id,
        status: deal.status,
        action,
        actorUserId: null,
        amount: deal.amount,
        currency: deal.currency,
      });
    },

    /** Every minute: handed-over deals whose 72 hours passed without a dispute release themselves. */
    async autoRelease(limit = 100) {
      const at = now().toISOString();
      const due = await db.execute<{ id: number }>(sql`
        select id from deals where status = 'held' and auto_release_at <= ${at} order by auto_release_at limit ${limit}`);
      let count = 0;
      for (const { id } of due) {
        await events.transaction(db, async (tx, publish) => {
          const moved = await moveDeal(tx, publish, id, {
            from: ["held"],
            to: "released",
            action: "auto_released",
            actor: null,
            guard: sql`auto_release_at <= ${at}`,
            set: sql`code = null, closed_at = now()`,
          });
          if (moved) {
            await released(tx, moved);
            count += 1;
          }
        });
      }
      return count;
    },

    /** Every minute: deals waiting for payment or a code whose ad left sale (sold, hidden, expired) are cancelled. */
    async cancelStale(limit = 100) {
      const stale = await db.execute<{ id: number }>(sql`
        select d.id from deals d left join ads a on a.id = d.ad_id
        where d.status in ('awaiting_payment', 'awaiting_confirmation') and d.kind = 'safe'
          and (a.id is null or a.status_id <> ${AD_STATUS.active})
        limit ${limit}`);
      for (const { id } of stale) {
        await events.transaction(db, (tx, publish) =>
          moveDeal(tx, publish, id, {
            from: ["awaiting_payment"],
            to: "cancelled",
            action: "ad_unavailable",
            actor: null,
            set: sql`closed_at = now()`,
          }),
        );
      }
      return stale.length;
    },

    /** The ledger's reconciliation job: deals whose balances or provider statuses differ, recorded on them. */
    async reconcileLedger(all = false) {
      const differences = await reconcileLedger(db, { all });
      for (const { id, difference } of differences) log.error({ deal: id, difference }, "a deal's ledger differs");
      return differences;
    },

    /** POST /user-reviews: a party of a released deal rates the other, once. */
    async review(authorId: number, input: { deal_id: number; stars: number; content: string }) {
      const deal = await findDeal(db, input.deal_id);
      if (!deal || (deal.buyer_id !== authorId && deal.seller_id !== authorId)) {
        throw fieldError("deal_id", DEAL_MESSAGES.reviewNotAllowed);
      }
      if (deal.status !== "released") throw fieldError("deal_id", DEAL_MESSAGES.reviewNotAllowed);
      const subjectIsSeller = deal.buyer_id === authorId;
      try {
        const subjectId = subjectIsSeller ? deal.seller_id : deal.buyer_id;
        // The stars are a trust figure of the user reviewed, and part of their ads' ranking.
        const id = await events.transaction(db, async (tx, publish) => {
          const reviewId = await insertUserReview(tx, {
            dealId: deal.id,
            authorId,
            subjectId,
            subjectRole: subjectIsSeller ? "seller" : "buyer",
            stars: input.stars,
            content: input.content,
          });
          await publish("trust.changed", { userId: subjectId });
          return reviewId;
        });
        const [review] = (await findUserReviews(db, { reviewId: id }, { limit: 1, offset: 0 })).rows;
        return toReview(review!);
      } catch (error) {
        if (isUniqueViolation(error, "user_reviews_once")) throw fieldError("deal_id", DEAL_MESSAGES.reviewTwice);
        throw error;
      }
    },

    /** GET /users/{id}/reviews: the reviews a user received from proven deals, newest first. */
    async reviewsOf(userId: number, page: number, path: string): Promise<TPaged<TUserReview>> {
      const { rows, total } = await findUserReviews(
        db,
        { subjectId: userId },
        {
          limit: DEALS_PAGE,
          offset: (page - 1) * DEALS_PAGE,
        },
      );
      return toPage(rows.map(toReview), total, page, DEALS_PAGE, path);
    },

    // The admin area (issue 33): the disputes queue, a deal with its trail and chat, and the decision.
    admin: {
      async list(filter: { status?: TDealStatus; ledgerDifference?: boolean; page?: number }, path: string) {
        const page = filter.page ?? 1;
        const { rows, total } = await findDealsForAdmin(
          db,
          { status: filter.status ?? "disputed", ledgerDifference: filter.ledgerDifference },
          { limit: DEALS_PAGE, offset: (page - 1) * DEALS_PAGE },
        );
        return toPage(
          rows.map((row) => ({ ...toDeal(row, row.buyer_id), code: null, ledger_difference: row.ledger_difference })),
          total,
          page,
          DEALS_PAGE,
          path,
        );
      },

      get: adminDeal,

      /** POST /admin/deals/{id}/resolve: release to the seller or refund the buyer, with a note, audited. */
      async resolve(
        adminId: number,
        dealId: number,
        input: { outcome: "release" | "refund"; note: string },
        audit: RecordChange,
      ) {
        await events.transaction(db, async (tx, publish) => {
          const moved = await moveDeal(tx, publish, dealId, {
            from: ["disputed"],
            to: input.outcome === "release" ? "released" : "refunded",
            action: input.outcome === "release" ? "resolved_release" : "resolved_refund",
            actor: { adminId },
            note: input.note,
            set: sql`resolution_note = ${input.note}, code = null, closed_at = now()`,
          });
          if (!moved) {
            if (!(await findDeal(tx, dealId))) throw notFound("Deal");
            throw new HttpError(422, DEAL_MESSAGES.notDisputed);
          }
          if (input.outcome === "release") await released(tx, moved);
          else await refunded(tx, moved);
          await audit(tx, {
            action: "deal.resolve",
            targetType: "deal",
            targetId: dealId,
            before: { status: "disputed" },
            after: { status: moved.status, note: input.note },
          });
        });
        return adminDeal(dealId);
      },
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
