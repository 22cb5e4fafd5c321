import type { TDeal } from "@waterside/shared/deals";
import {
  DEAL_AUTO_RELEASE_HOURS,
  DEAL_DISPUTE_REASON_TEXT,
  DEAL_FEE_PERCENT,
  dealAmountText,
} from "@waterside/shared/deals-messages";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { ApiError } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { cancelDeal } from "../api/cancel-deal";
import { confirmDeal } from "../api/confirm-deal";
import { declineDeal } from "../api/decline-deal";
import { markDealHandedOver } from "../api/mark-deal-handed-over";
import { releaseDeal } from "../api/release-deal";
import { CodeEntry } from "./code-entry";
import { DealStatus } from "./deal-status";
import { DisputeButton } from "./dispute-dialog";
import { ReviewForm } from "./review-form";

/**
 * One deal as its buyer or seller sees it (issue 33 "Web"): its state, amount and, for the seller, the fee; then what
 * the reader can do now: the buyer's release code while the money is held, the seller's code entry and "Handed over",
 * "I have the item", a dispute, cancel or decline before payment; the payout's state; and a review once it is proven.
 * Every step answers the deal as it now is, handed to `onChange`.
 */
export function DealView({ deal, onChange }: { deal: TDeal; onChange: (deal: TDeal) => void }) {
  const formatDate = useFormatDate();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const buyer = deal.role === "buyer";
  const other = buyer ? deal.seller : deal.buyer;
  const amount = dealAmountText(deal.amount, deal.currency);

  /** A step the reader confirms first; the API's refusal is said in its words. */
  async function step(question: Parameters<typeof confirm>[0], send: () => Promise<TDeal>, done: string) {
    if (!(await confirm(question))) return;
    setBusy(true);
    try {
      onChange(await send());
      notify("success", done);
    } catch (error) {
      notify(
        "error",
        error instanceof ApiError && error.status > 0 ? error.message : "Something went wrong. Please try again.",
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <article aria-labelledby="deal-title" className="space-y-4">
      <header className="flex items-start gap-3">
        {deal.ad?.image_url ? (
          <img
            src={deal.ad.image_url}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-lg object-cover"
          />
        ) : (
          <span className="size-16 shrink-0 rounded-lg bg-slate-200" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm text-slate-600">
            {deal.kind === "safe" ? "Safe deal" : "Cash deal"} #{deal.id}
          </p>
          <h1 id="deal-title" className="text-xl font-semibold wrap-anywhere">
            {deal.ad?.title ?? "An item no longer listed"}
          </h1>
          <DealStatus status={deal.status} />
        </div>
      </header>

      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-4 text-sm">
        <dt className="text-slate-600">Amount</dt>
        <dd className="font-semibold">{amount}</dd>
        {!buyer && deal.kind === "safe" && (
          <>
            <dt className="text-slate-600">Fee ({DEAL_FEE_PERCENT}%)</dt>
            <dd>{dealAmountText(deal.fee, deal.currency)}</dd>
            <dt className="text-slate-600">You receive</dt>
            <dd className="font-semibold">{dealAmountText(deal.amount - deal.fee, deal.currency)}</dd>
          </>
        )}
        <dt className="text-slate-600">{buyer ? "Seller" : "Buyer"}</dt>
        <dd>
          <Link to={`/profile/${other.id}`} className="inline-flex items-center gap-2 font-medium hover:underline">
            <Avatar name={other.name} url={other.profile_image_url} className="size-6 text-xs" />
            {other.name}
          </Link>
        </dd>
        <dt className="text-slate-600">Started</dt>
        <dd>{formatDate(deal.created_at, "time")}</dd>
      </dl>

      <Now deal={deal} amount={amount} onChange={onChange} formatDate={formatDate} />

      <div className="flex flex-wrap gap-2">
        {buyer && deal.status === "held" && (
          <button
            type="button"
            disabled={busy}
            className={primaryButtonClass}
            onClick={() =>
              step(
                {
                  title: "I have the item",
                  text: `${amount} goes to ${other.name} now. Do this only when you have the item and it is right.`,
                  confirm: "Release the money",
                },
                () => confirmDeal(authedTransport, deal.id),
                "The money was released to the seller.",
              )
            }
          >
            I have the item
          </button>
        )}
        {!buyer && deal.status === "held" && !deal.handed_over_at && (
          <button
            type="button"
            disabled={busy}
            className={secondaryButtonClass}
            onClick={() =>
              step(
                {
                  title: "Handed over",
                  text: `Tell the buyer you gave them the item. The money comes to you in ${DEAL_AUTO_RELEASE_HOURS} hours unless they open a dispute.`,
                  confirm: "Handed over",
                },
                () => markDealHandedOver(authedTransport, deal.id),
                "Marked as handed over.",
              )
            }
          >
            Handed over
          </button>
        )}
        {buyer && deal.status === "awaiting_payment" && (
          <button
            type="button"
            disabled={busy}
            className={secondaryButtonClass}
            onClick={() =>
              step(
                {
                  title: "Cancel the deal",
                  text: "Stop this safe deal before paying?",
                  confirm: "Cancel the deal",
                  dismiss: "Keep it",
                  danger: true,
                },
                () => cancelDeal(authedTransport, deal.id),
                "The deal was cancelled.",
              )
            }
          >
            Cancel the deal
          </button>
        )}
        {!buyer && (deal.status === "awaiting_payment" || deal.status === "awaiting_confirmation") && (
          <button
            type="button"
            disabled={busy}
            className={secondaryButtonClass}
            onClick={() =>
              step(
                {
                  title: "Decline the deal",
                  text: `Refuse ${other.name}'s deal? Nothing has been paid yet.`,
                  confirm: "Decline",
                  dismiss: "Keep it",
                  danger: true,
                },
                () => declineDeal(authedTransport, deal.id),
                "The deal was declined.",
              )
            }
          >
            Decline
          </button>
        )}
        {deal.status === "held" && <DisputeButton deal={deal} onDisputed={onChange} />}
        {deal.chat_id !== null && (
          <Link to={`/chat/${deal.chat_id}`} className={secondaryButtonClass}>
            Open the chat
          </Link>
        )}
      </div>

      {deal.can_review && (
        <section className="rounded-xl border border-slate-200 bg-white p-4">
          <ReviewForm deal={deal} onReviewed={() => onChange({ ...deal, can_review: false })} />
        </section>
      )}
      {dialog}
    </article>
  );
}

/** What the state asks of the reader now, or what happened: the code, its entry, the payout, the dispute. */
function Now({
  deal,
  amount,
  onChange,
  formatDate,
}: {
  deal: TDeal;
  amount: string;
  onChange: (deal: TDeal) => void;
  formatDate: ReturnType<typeof useFormatDate>;
}) {
  const buyer = deal.role === "buyer";
  switch (deal.status) {
    case "awaiting_payment":
      return (
        <Box>
          {buyer
            ? "Waiting for your wallet to confirm the payment. Approve it on your phone; this page updates by itself."
            : `Waiting for ${deal.buyer.name} to pay ${amount}. You will be told when the money is held.`}
        </Box>
      );
    case "held":
      return buyer ? (
        <Box tone="info">
          {deal.code && (
            <div className="space-y-1 text-center">
              <p className="text-sm font-medium text-slate-700">Your release code</p>
              <p className="font-mono text-4xl font-bold tracking-[0.3em] text-slate-900">{deal.code}</p>
              <p className="font-semibold text-slate-900">Give this code to the seller only when you have the item.</p>
            </div>
          )}
          <p className="mt-3 text-sm">
            Your {amount} is held safely. If the item is not right, do not give the code: open a dispute instead.
          </p>
          {deal.auto_release_at && (
            <p className="mt-2 text-sm font-medium text-amber-900">
              The seller says you have the item. The money goes to them on {formatDate(deal.auto_release_at, "time")}{" "}
              unless you open a dispute.
            </p>
          )}
        </Box>
      ) : (
        <Box tone="info">
          <p className="mb-3">
            <strong>Paid, held:</strong> {amount}. Hand the item over and ask the buyer for their release code.
          </p>
          <CodeEntry
            label="The buyer's release code"
            action="Release the money"
            send={(code) => releaseDeal(authedTransport, deal.id, code)}
            onDone={(released) => {
              notify("success", "The money was released to you. The payout is on its way.");
              onChange(released);
            }}
          />
          {deal.auto_release_at && (
            <p className="mt-3 text-sm">
              You marked the item handed over. Without the code, the money is released to you on{" "}
              <strong>{formatDate(deal.auto_release_at, "time")}</strong> unless the buyer opens a dispute.
            </p>
          )}
        </Box>
      );
    case "awaiting_confirmation":
      return buyer ? (
        <Box tone="info">
          <p className="mb-3">The seller recorded your purchase. Enter the code they show you to confirm it.</p>
          <CodeEntry
            label="The seller's code"
            action="Confirm the purchase"
            send={(code) => confirmDeal(authedTransport, deal.id, code)}
            onDone={(confirmed) => {
              notify("success", "The sale is confirmed. You can now review each other.");
              onChange(confirmed);
            }}
          />
        </Box>
      ) : (
        <Box tone="info">
          {deal.code && (
            <div className="space-y-1 text-center">
              <p className="text-sm font-medium text-slate-700">Show the buyer this code</p>
              <p className="font-mono text-4xl font-bold tracking-[0.3em]">{deal.code}</p>
            </div>
          )}
          <p className="mt-2 text-sm">When the buyer enters it, the sale is proven and you can review each other.</p>
        </Box>
      );
    case "disputed":
      return (
        <Box tone="warning">
          <p className="font-medium">The money stays held until our team decides.</p>
          {deal.dispute && (
            <p className="mt-1 text-sm">
              {deal.dispute.by === deal.role ? "You" : deal.dispute.by === "buyer" ? "The buyer" : "The seller"} said:{" "}
              {DEAL_DISPUTE_REASON_TEXT[deal.dispute.reason]}
              {deal.dispute.details && <>. “{deal.dispute.details}”</>}
            </p>
          )}
        </Box>
      );
    case "released":
      return (
        <Box tone="done">
          {deal.kind === "cash" ? (
            <p>The sale is confirmed.</p>
          ) : buyer ? (
            <p>The safe deal is complete: {amount} was released to the seller.</p>
          ) : (
            <Payout deal={deal} formatDate={formatDate} refund={false} />
          )}
          {deal.dispute?.resolution_note && <p className="mt-1 text-sm">Our team: {deal.dispute.resolution_note}</p>}
        </Box>
      );
    case "refunded":
      return (
        <Box>
          {buyer ? (
            <Payout deal={deal} formatDate={formatDate} refund />
          ) : (
            <p>The safe deal was refunded to the buyer.</p>
          )}
          {deal.dispute?.resolution_note && <p className="mt-1 text-sm">Our team: {deal.dispute.resolution_note}</p>}
        </Box>
      );
    case "cancelled":
      return <Box>This deal was cancelled. Nothing is held.</Box>;
  }
}

/** Where the seller's payout (or the buyer's refund) stands: on its way, sent, or held back for the team. */
function Payout({
  deal,
  formatDate,
  refund,
}: {
  deal: TDeal;
  formatDate: ReturnType<typeof useFormatDate>;
  refund: boolean;
}) {
  const payout = deal.payout;
  const what = refund ? "Refund" : "Payout";
  if (!payout || payout.status === "pending") {
    return <p>{what} on its way to your Mobile Money wallet.</p>;
  }
  if (payout.status === "failed") {
    return <p className="text-red-800">Your {what.toLowerCase()} could not be sent. Our team is looking into it.</p>;
  }
  return (
    <p>
      <strong>{what} sent</strong>:{" "}
      {payout.currency === "LRD" || payout.currency === "USD"
        ? dealAmountText(payout.amount, payout.currency)
        : `${payout.amount} ${payout.currency}`}{" "}
      to your Mobile Money wallet{payout.completed_at ? ` on ${formatDate(payout.completed_at, "time")}` : ""}.
    </p>
  );
}

function Box({ tone, children }: { tone?: "info" | "warning" | "done"; children: ReactNode }) {
  const tones = {
    info: "bg-sky-50 ring-sky-200 text-slate-900",
    warning: "bg-amber-50 ring-amber-200 text-amber-950",
    done: "bg-emerald-50 ring-emerald-200 text-emerald-950",
  };
  return (
    <section
      aria-label="Where the deal stands"
      className={`rounded-xl p-4 ring-1 ${tone ? tones[tone] : "bg-slate-50 text-slate-800 ring-slate-200"}`}
    >
      {children}
    </section>
  );
}
