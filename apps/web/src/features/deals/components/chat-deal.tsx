import type { TDeal } from "@waterside/shared/deals";
import { dealAmountText } from "@waterside/shared/deals-messages";
import { Link } from "react-router";
import { withSignal } from "~/lib/api-client";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { getDeal } from "../api/get-deal";
import { useSafeDeals } from "../hooks/use-safe-deals";
import { DealStatus } from "./deal-status";

/** What the conversation tells the deal card: the deal its notices name, and the newest message. */
export interface ChatDealContext {
  /** The deal whose step the chat told last (decision 103: each step is a notice naming its deal), or null. */
  dealId: number | null;
  /** The newest message's id: each step of a deal is told in its chat, so the card reads the deal again then. */
  lastMessageId: number | null;
}

/**
 * A chat's safe deal (issue 33): the card of the deal the chat last told a step of, with its state and what the reader
 * goes to it for; or, without one (or after it was cancelled), the buyer's "Safe deal" entry that opens the ad's
 * dialog (`buyerStartHref`), where the operator offers safe deals. Nothing while loading or when it cannot be read:
 * the chat does not depend on it.
 */
export function ChatDeal({
  context,
  buyerStartHref,
}: {
  context: ChatDealContext;
  /** Where a buyer starts a safe deal on this ad; null when the reader is its seller (or it is not known yet). */
  buyerStartHref: string | null;
}) {
  const { dealId, lastMessageId } = context;
  const offered = useSafeDeals();
  const found = useLoad(
    dealId === null ? null : (signal) => getDeal(withSignal(authedTransport, signal), dealId),
    [dealId, lastMessageId],
    { keep: true },
  );
  const deal = dealId === null ? null : found.data;
  if (deal === undefined) return null;
  if (deal && deal.status !== "cancelled") return <DealCard deal={deal} />;
  if (!buyerStartHref || !offered) return null;
  return (
    <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-emerald-50 px-3 py-2 text-sm">
      <span className="min-w-0 text-emerald-950">Pay safely: the money is held until you have the item.</span>
      <Link
        to={buyerStartHref}
        className="shrink-0 rounded-lg bg-emerald-700 px-3 py-1.5 font-semibold text-white hover:bg-emerald-800"
      >
        Safe deal
      </Link>
    </div>
  );
}

/** What the reader goes to the deal for now. */
function actionText(deal: TDeal) {
  if (deal.can_review) return "Leave a review";
  if (deal.status === "held") return deal.role === "buyer" ? "Show my code" : "Enter the code";
  if (deal.status === "awaiting_confirmation") return deal.role === "buyer" ? "Enter the code" : "Show my code";
  return "Open the deal";
}

function DealCard({ deal }: { deal: TDeal }) {
  return (
    <section
      aria-label="Safe deal"
      className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-sky-50 px-3 py-2 text-sm"
    >
      <span className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="font-semibold">{deal.kind === "safe" ? "Safe deal" : "Cash deal"}</span>
        <span>{dealAmountText(deal.amount, deal.currency)}</span>
        <DealStatus status={deal.status} />
      </span>
      <Link
        to={`/deals/${deal.id}`}
        className="shrink-0 rounded-lg border border-emerald-700 bg-white px-3 py-1.5 font-semibold text-emerald-800 hover:bg-emerald-50"
      >
        {actionText(deal)}
      </Link>
    </section>
  );
}
