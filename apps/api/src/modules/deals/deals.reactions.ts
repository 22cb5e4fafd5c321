import { dealAmountText, dealNotice, DEAL_ROLES } from "@waterside/shared/deals-messages";
import { sql } from "drizzle-orm";
import type { DomainEvents } from "../../lib/domain-events.ts";
import type { Jobs } from "../../lib/jobs.ts";
import { notify } from "../notifications/notification-centre.ts";
import type { DealsService } from "./deals.service.ts";

/**
 * Safe deals' reactions (issue 33): the money's arrival and the payouts' outcomes move deals in the transactions that
 * settle them; each step is told to both parties; the clock's work (auto-release, deals whose ad left sale, the
 * ledger's reconciliation) runs on the job queue, once across processes.
 */
export function reactToDealsEvents(events: DomainEvents, jobs: Jobs, deals: DealsService) {
  events.onWrite("deal-payment.settled", (settled, tx, _afterCommit, publish) =>
    deals.paymentSettled(tx, publish, settled),
  );
  events.onWrite("payout.settled", (settled, tx, _afterCommit, publish) => deals.payoutSettled(tx, publish, settled));

  // Each party hears of each step that concerns them, once (the notification's dedupe key is the step).
  events.onWrite("deal.changed", async (change, tx) => {
    const [deal] = await tx.execute<{ ad_title: string }>(sql`select ad_title from deals where id = ${change.dealId}`);
    if (!deal) return;
    const amount = dealAmountText(change.amount, change.currency);
    for (const role of DEAL_ROLES) {
      const text = dealNotice(change.action, role, amount);
      if (!text) continue;
      await notify(tx, {
        userId: role === "buyer" ? change.buyerId : change.sellerId,
        type: "deal",
        title: `Safe deal: ${deal.ad_title}`,
        body: text,
        url: `/deals/${change.dealId}`,
        dedupeKey: `deal:${change.dealId}:${change.action}:${role}`,
        channels: { push: true, email: false, sms: false },
        pushTag: `deal:${change.dealId}`,
      });
    }
  });

  jobs.work("deals.auto-release", async () => void (await deals.autoRelease()), {
    policy: "singleton",
    expireInSeconds: 120,
  });
  jobs.schedule("deals.auto-release", "* * * * *", {});
  jobs.work("deals.cancel-stale", async () => void (await deals.cancelStale()), {
    policy: "singleton",
    expireInSeconds: 120,
  });
  jobs.schedule("deals.cancel-stale", "* * * * *", {});
  jobs.work("deals.reconcile-ledger", async () => void (await deals.reconcileLedger()), {
    policy: "singleton",
    expireInSeconds: 300,
  });
  jobs.schedule("deals.reconcile-ledger", "*/10 * * * *", {});
}
