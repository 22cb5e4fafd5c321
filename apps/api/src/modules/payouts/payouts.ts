import { randomUUID } from "node:crypto";
import type { TCurrency } from "@waterside/shared/money";
import { PAYMENT_PROVIDER_NAMES, type TPaymentProvider } from "@waterside/shared/payments-messages";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Transaction } from "../../db/database.ts";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { HttpError } from "../../plugins/errors.ts";
import {
  PROVIDER_CHECK_INTERVAL_SECONDS,
  createProviderProtocol,
  type Settlement,
} from "../payments/provider-protocol.ts";
import type { PayoutProviderClients } from "../payments/providers/provider.ts";
import {
  checkPayoutLater,
  claimDuePayouts,
  claimPayoutCheck,
  countPayoutsByState,
  findPayout,
  insertPayout,
  type PayoutRow,
} from "./payouts.queries.ts";

export type { PayoutRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The send job runs at once; the reconciler first asks after this long, by when a transfer is normally final. */
const FIRST_CHECK_SECONDS = 30;
/** How long a reconciler run holds the payouts it took, so another process' run takes others. */
const RECONCILE_CLAIM_SECONDS = 120;

/**
 * Payouts (decision 100): money sent from our wallet account to a payee through the provider's disbursement API (MTN
 * MoMo's Disbursement `transfer`, pawaPay's payouts for Orange Money), exactly once. Exactly once means one transfer
 * per subject at the provider, whatever crashes, lost answers, repeats and concurrent callers there are:
 *
 * - `request` writes the payout in the caller's transaction, under a fresh UUID that is the provider's reference too,
 *   and enqueues its send in that transaction: the provider hears of nothing the caller did not commit, and every
 *   commit is sent. The subject is unique, so any number of concurrent callers make one payout.
 * - The send, a status check at most once per interval across processes, and the reconciler every minute move it
 *   through the protocol payments use (`payments/provider-protocol.ts`): a lost answer is asked about, NOT_FOUND (the
 *   provider never got it) is sent again with the same id, which the provider takes once (MTN's 409, pawaPay's
 *   DUPLICATE_IGNORED). A payout is never sent under a new id, and never given up on: it stays open until its provider
 *   says it is final.
 * - Final, it publishes `payout.settled` in the transaction of its one guarded update: once per payout.
 *
 * Declares its jobs (the send, the reconciler) on `jobs`: it is built before the queue starts.
 */
export function createPayouts({
  db,
  events,
  jobs,
  providers,
  log,
}: {
  db: Database;
  events: DomainEvents;
  jobs: Jobs;
  /** Each provider's configured payouts; null: none go out through it. */
  providers: PayoutProviderClients;
  log: Pick<FastifyBaseLogger, "warn" | "error">;
}) {
  const clientOf = (provider: TPaymentProvider) => {
    const client = providers[provider];
    if (!client) throw new HttpError(503, `${PAYMENT_PROVIDER_NAMES[provider]} payouts are not available right now.`);
    return client;
  };

  /** The provider took it: requesting → pending. */
  async function accepted(payoutId: string) {
    await db.execute(sql`
      update payouts set status = 'pending', updated_at = now() where id = ${payoutId} and status = 'requesting'`);
  }

  /** The provider's final answer: only a payout still open moves, and its event commits with the move. */
  async function settle(payoutId: string, answer: Settlement) {
    await events.transaction(db, async (tx, publish) => {
      const successful = answer.status === "SUCCESSFUL";
      const [settled] = await tx.execute<{ subject: string; reason: string | null }>(sql`
        update payouts set status = ${successful ? "successful" : "failed"},
          reason = ${successful ? null : (answer.reason ?? "FAILED")},
          financial_transaction_id = ${answer.financialTransactionId ?? null}, completed_at = now(), updated_at = now()
        where id = ${payoutId} and status in ('requesting', 'pending')
        returning subject, reason`);
      if (!settled) return;
      await publish("payout.settled", {
        payoutId,
        subject: settled.subject,
        status: successful ? "successful" : "failed",
        reason: settled.reason,
      });
    });
  }

  const protocol = createProviderProtocol<PayoutRow, PayoutRow>({
    rows: {
      find: (id) => findPayout(db, { id }),
      claimCheck: (id, intervalSeconds) => claimPayoutCheck(db, id, intervalSeconds),
      checkLater: (id, seconds) => checkPayoutLater(db, id, seconds),
      accepted,
      settle,
    },
    send: (payout) =>
      clientOf(payout.provider).payout({
        id: payout.id,
        amount: payout.amount,
        currency: payout.currency,
        phone: payout.phone_number,
        note: payout.note,
      }),
    ask: (payout) => clientOf(payout.provider).payoutStatus(payout.id),
    // A transfer may still be made after any delay: failing it on a timer could pay twice once someone retries it.
    giveUpMs: null,
    // Money did move: an operator looks at it, and it must not read as failed (someone would pay it again).
    onMismatch: "hold",
    noun: "payout",
    log,
  });

  /** Asks the provider about one payout if it is this caller's turn; a failure is logged, the reconciler follows up. */
  const check = (payoutId: string) =>
    protocol.check(payoutId).catch((error: unknown) => {
      log.error({ err: error, payout: payoutId }, "checking a payout failed");
      return true;
    });

  // The send, queued in the transaction that wrote the payout. Sending twice is harmless (the same id), so a run cut
  // off by a crash is simply run again; a payout no longer requesting was taken by the provider already.
  jobs.work("payouts.send", async ({ payoutId }) => {
    const payout = await findPayout(db, { id: payoutId });
    if (payout?.status !== "requesting" || (await protocol.send(payout)) !== "accepted") return;
    // Providers are asked for no callback about transfers, and most end within seconds: one check once the interval
    // is over tells the payee then, not at the reconciler's turn a minute or two later. It queues no other check.
    const turn = new Date(Date.now() + PROVIDER_CHECK_INTERVAL_SECONDS * 1000);
    await jobs.send("payouts.check", { payoutId }, { startAfter: turn });
  });
  jobs.work("payouts.check", async ({ payoutId }) => void (await check(payoutId)));
  // As the payments' reconciler (decision 096): a run cut off by a crash holds the next back about two minutes.
  jobs.work("payouts.reconcile", async () => void (await reconcile()), { policy: "singleton", expireInSeconds: 90 });
  jobs.schedule("payouts.reconcile", "* * * * *", {});

  /** Every open payout whose next check is due is asked about: a lost answer or a crash costs a minute at most. */
  async function reconcile(limit = 50) {
    const due = await db.transaction((tx) => claimDuePayouts(tx, limit, RECONCILE_CLAIM_SECONDS));
    for (const { id } of due) await check(id);
    return due.length;
  }

  return {
    /**
     * Inside the caller's transaction: writes the payout (or finds the one with this subject) and enqueues its send.
     * Returns its id. The subject's payout must be this one: the same subject with another payee, amount or provider
     * is a mistake of the caller and throws (it would otherwise read as paid).
     */
    async request(
      tx: Transaction,
      input: {
        subject: string;
        provider: TPaymentProvider;
        amount: number;
        currency: string;
        phone: string;
        note: string;
      },
    ): Promise<string> {
      const client = clientOf(input.provider);
      if (!client.currencies.includes(input.currency as TCurrency)) {
        throw new Error(`${input.provider} pays out in ${client.currencies.join(", ")}, not ${input.currency}`);
      }
      const phone = input.phone.replace(/^\+/, "");
      if (!/^\d{8,15}$/.test(phone)) throw new Error(`a payout's phone must be an MSISDN (got ${input.phone})`);
      const payout = {
        id: randomUUID(),
        subject: input.subject,
        provider: input.provider,
        amount: input.amount,
        currency: client.currencyCode(input.currency as TCurrency),
        phone_number: phone,
        note: input.note,
      };
      if (await insertPayout(tx, payout, FIRST_CHECK_SECONDS)) {
        await jobs.send("payouts.send", { payoutId: payout.id }, { tx });
        return payout.id;
      }
      const existing = (await findPayout(tx, { subject: input.subject }))!;
      if (
        existing.provider !== payout.provider ||
        existing.amount !== payout.amount ||
        existing.currency !== payout.currency ||
        existing.phone_number !== payout.phone_number
      ) {
        throw new Error(`the payout of ${input.subject} (${existing.id}) was requested with other details`);
      }
      return existing.id;
    },

    /** Whether payouts can go out through this provider (configured). */
    canPayOut: (provider: TPaymentProvider) => providers[provider] !== null,

    find: async (payoutId: string): Promise<PayoutRow | undefined> =>
      UUID.test(payoutId) ? findPayout(db, { id: payoutId }) : undefined,

    findBySubject: (subject: string): Promise<PayoutRow | undefined> => findPayout(db, { subject }),

    reconcile,

    /** Payouts by provider and status, and how long the oldest open one has waited: for the metrics. */
    async countsByState() {
      return [...(await countPayoutsByState(db))].map((row) => ({
        provider: row.provider,
        status: row.status,
        payouts: row.payouts,
        oldestOpenSeconds: row.oldest_open,
      }));
    },
  };
}

export type Payouts = ReturnType<typeof createPayouts>;
