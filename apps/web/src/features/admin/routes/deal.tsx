import { zodResolver } from "@hookform/resolvers/zod";
import { ZResolveDeal } from "@waterside/shared/deals";
import type { TAdminDealDetail } from "@waterside/shared/deals";
import {
  DEAL_DISPUTE_REASON_TEXT,
  DEAL_STATUS_TEXT,
  dealAmountText,
  type TDealStatus,
} from "@waterside/shared/deals-messages";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { data, isRouteErrorResponse, Link, useRevalidator } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/deal";
import { primaryButtonClass } from "~/components/ui/form-field";
import { TextAreaField } from "~/components/ui/text-field";
import { isMissing } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { showServerErrors } from "~/lib/form-errors";
import { notify } from "~/lib/notify";
import { adminTransport, requireAdmin } from "../admin-session";
import { getAdminDeal } from "../api/get-admin-deal";
import { resolveDeal } from "../api/resolve-deal";
import { AdminPage, AdminPageLoading } from "../components/admin-page";
import { useConfirm } from "../components/confirm-dialog";
import { StatusBadge } from "../components/status-badge";

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  requireAdmin();
  try {
    return await getAdminDeal(adminTransport, params.dealId);
  } catch (error) {
    if (isMissing(error)) throw data(null, { status: 404 });
    throw error;
  }
}

export const HydrateFallback = AdminPageLoading;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <AdminPage title="Deal">
      <p role="alert" className="rounded-xl bg-white px-4 py-8 text-center text-slate-700">
        {isRouteErrorResponse(error) && error.status === 404
          ? "No such deal."
          : `Error: ${error instanceof Error ? error.message : "the deal could not be loaded"}`}
      </p>
    </AdminPage>
  );
}

type Deal = TAdminDealDetail["deal"];

/** A state of the trail in the parties' words; one the web does not know yet, as stored. */
const stateText = (status: string) => DEAL_STATUS_TEXT[status as TDealStatus] ?? status;

/**
 * One safe deal for the team (issue 33): its parties, amount, state, the dispute and what the ledger found, its
 * trail of steps and the chat between buyer and seller; a disputed deal is decided here, released or refunded with a
 * note, which is audited.
 */
export default function AdminDeal({ loaderData }: Route.ComponentProps) {
  const { deal, events, messages } = loaderData;
  const formatDate = useFormatDate();
  const nameOf = (userId: number | null) =>
    userId === deal.buyer.id
      ? `${deal.buyer.name} (buyer)`
      : userId === deal.seller.id
        ? `${deal.seller.name} (seller)`
        : null;
  return (
    <AdminPage title={`Deal #${deal.id}`}>
      <Link to="/admin/disputes" className="text-sm font-medium text-emerald-800 hover:underline">
        ← Disputes
      </Link>
      <section aria-label="The deal" className="space-y-2 rounded-xl bg-white p-4">
        <p className="text-lg font-semibold wrap-anywhere">{deal.ad?.title ?? "Item no longer listed"}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">State</dt>
          <dd>
            <StatusBadge name={DEAL_STATUS_TEXT[deal.status]} />
          </dd>
          <dt className="text-slate-600">Amount</dt>
          <dd>
            {dealAmountText(deal.amount, deal.currency)} (fee {dealAmountText(deal.fee, deal.currency)})
          </dd>
          <dt className="text-slate-600">Buyer</dt>
          <dd>
            <Link to={`/admin/ads/${deal.buyer.id}`} className="text-emerald-800 hover:underline">
              {deal.buyer.name}
            </Link>
          </dd>
          <dt className="text-slate-600">Seller</dt>
          <dd>
            <Link to={`/admin/ads/${deal.seller.id}`} className="text-emerald-800 hover:underline">
              {deal.seller.name}
            </Link>
          </dd>
          <dt className="text-slate-600">Payout</dt>
          <dd>{deal.payout ? `${deal.payout.status} · ${deal.payout.amount} ${deal.payout.currency}` : "None yet"}</dd>
          <dt className="text-slate-600">Ledger</dt>
          <dd className={deal.ledger_difference ? "font-medium text-red-800" : undefined}>
            {deal.ledger_difference ?? "Balanced"}
          </dd>
        </dl>
        {deal.dispute && (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">
              Disputed by the {deal.dispute.by} on {formatDate(deal.dispute.at, "time")}:{" "}
              {DEAL_DISPUTE_REASON_TEXT[deal.dispute.reason]}
            </p>
            {deal.dispute.details && <p className="mt-1 whitespace-pre-line break-words">{deal.dispute.details}</p>}
            {deal.dispute.resolution_note && <p className="mt-1">Decision: {deal.dispute.resolution_note}</p>}
          </div>
        )}
      </section>
      {deal.status === "disputed" && <ResolveForm deal={deal} />}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="deal-trail" className="space-y-2 rounded-xl bg-white p-4">
          <h2 id="deal-trail" className="font-semibold">
            Trail
          </h2>
          {events.length === 0 ? (
            <p className="text-slate-600">No data available</p>
          ) : (
            <ol className="space-y-2 text-sm">
              {events.map((event) => (
                <li key={event.id} className="border-l-2 border-slate-200 pl-3">
                  <p className="font-medium">
                    {event.action}
                    {event.from_status
                      ? ` · ${stateText(event.from_status)} → ${stateText(event.to_status)}`
                      : ` · ${stateText(event.to_status)}`}
                  </p>
                  <p className="text-slate-600">
                    {formatDate(event.created_at, "time")}
                    {event.actor_admin_id !== null
                      ? ` · admin #${event.actor_admin_id}`
                      : event.actor_user_id !== null
                        ? ` · ${nameOf(event.actor_user_id) ?? `user #${event.actor_user_id}`}`
                        : " · system"}
                  </p>
                  {event.note && <p className="break-words">{event.note}</p>}
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="deal-chat" className="space-y-2 rounded-xl bg-white p-4">
          <h2 id="deal-chat" className="font-semibold">
            Chat
          </h2>
          {messages.length === 0 ? (
            <p className="text-slate-600">No data available</p>
          ) : (
            <ol className="max-h-[32rem] space-y-2 overflow-y-auto text-sm">
              {messages.map((message) => (
                <li key={message.id}>
                  <p className="text-xs text-slate-600">
                    {nameOf(message.sender_id) ?? `user #${message.sender_id}`} ·{" "}
                    {formatDate(message.created_at, "time")}
                  </p>
                  <p className="whitespace-pre-line break-words">{message.text}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </AdminPage>
  );
}

/** Release or refund, with the note the parties read; confirmed first, as it moves money. */
function ResolveForm({ deal }: { deal: Deal }) {
  const headingId = useId();
  const revalidator = useRevalidator();
  const { confirm, dialog } = useConfirm();
  const form = useForm<z.input<typeof ZResolveDeal>, unknown, z.output<typeof ZResolveDeal>>({
    resolver: zodResolver(ZResolveDeal),
    defaultValues: { note: "" },
  });
  const outcomeError = form.formState.errors.outcome?.message;
  const submit = form.handleSubmit(async (decision) => {
    const release = decision.outcome === "release";
    const agreed = await confirm({
      title: release ? "Release to the seller" : "Refund the buyer",
      text: `${dealAmountText(deal.amount, deal.currency)} goes to ${release ? deal.seller.name : deal.buyer.name}. This cannot be undone.`,
      confirm: release ? "Release" : "Refund",
      danger: true,
    });
    if (!agreed) return;
    try {
      await resolveDeal(adminTransport, deal.id, decision);
      notify("success", release ? "Released to the seller." : "Refunded to the buyer.");
      await revalidator.revalidate();
    } catch (error) {
      showServerErrors(error, form.setError, ["outcome", "note"], "The decision could not be saved.");
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-3 rounded-xl bg-white p-4">
      <h2 id={headingId} className="font-semibold">
        Decide
      </h2>
      <fieldset aria-invalid={Boolean(outcomeError)}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Outcome</legend>
        <div className="flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" value="release" className="size-4 accent-emerald-700" {...form.register("outcome")} />
            Release to the seller
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" value="refund" className="size-4 accent-emerald-700" {...form.register("outcome")} />
            Refund the buyer
          </label>
        </div>
        {outcomeError && (
          <p role="alert" className="text-sm text-red-700">
            {outcomeError}
          </p>
        )}
      </fieldset>
      <TextAreaField form={form} name="note" label="Note" required rows={3} hint="Both parties read it." />
      <button type="submit" className={primaryButtonClass} disabled={form.formState.isSubmitting}>
        Save the decision
      </button>
      {dialog}
    </form>
  );
}
