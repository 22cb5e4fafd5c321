import type { TPayment, TSubscription } from "@waterside/shared/payments";
import { PAYMENT_MESSAGES, type TPackageType } from "@waterside/shared/payments-messages";
import { useId, useState } from "react";
import { Link } from "react-router";
import { PagedList } from "~/components/paged-list";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { ApiError, withSignal } from "~/lib/api-client";
import { formatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { cancelSubscription } from "../api/cancel-subscription";
import { getPayments } from "../api/get-payments";
import { getSubscriptions } from "../api/get-subscriptions";
import { paymentAmount } from "../payment-amount";
import { remainingTime } from "../remaining-time";
import { walletName, walletReason } from "../wallets";
import { StatusBadge } from "./subscription-status";

interface Dates {
  start: string;
  end: string;
}

const NO_DATES: Dates = { start: "", end: "" };
const CANCEL_CONFIRM = "Cancel this subscription? It stops now and there is no refund.";
const LOAD_FAILED = "This list could not be loaded. Check your connection.";
/** A 422 (dates the server refused) shows the server's words. */
const errorText = (error: Error) => (error instanceof ApiError && error.status === 422 ? error.message : LOAD_FAILED);

/** Second document §5 "Subscription filter": the end date must be on or after the start date. */
const datesError = ({ start, end }: Dates) => (start && end && end < start ? PAYMENT_MESSAGES.datesOrder : null);

/**
 * Second document §2 own profile Subscriptions tab: ad subscriptions and business subscriptions, each paged by 10,
 * filtered by From and To dates; rows link to the ad page with undefined placeholders for category and subcategory;
 * non-active states in yellow; Cancel on active ones. Below them, beyond the spec, the Mobile Money payments, each with
 * its wallet and currency (issue 30).
 */
export default function SubscriptionsTab() {
  const [dates, setDates] = useState<Dates>(NO_DATES);
  // The lists follow the last valid dates; a wrong pair only shows its message.
  const [applied, setApplied] = useState<Dates>(NO_DATES);

  function changeDates(next: Dates) {
    setDates(next);
    if (!datesError(next)) setApplied(next);
  }

  return (
    <div className="space-y-8">
      <DateFilter value={dates} onChange={changeDates} />
      <SubscriptionList type="ad" dates={applied} />
      <SubscriptionList type="user" dates={applied} />
      <PaymentList />
    </div>
  );
}

function DateFilter({ value, onChange }: { value: Dates; onChange: (dates: Dates) => void }) {
  const id = useId();
  const error = datesError(value);
  const field = "rounded-lg border border-slate-300 px-2 py-1.5 text-base aria-[invalid=true]:border-red-500";
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Dates</legend>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-from`} className="flex flex-col gap-1 text-sm text-slate-700">
          From
          <input
            id={`${id}-from`}
            type="date"
            className={field}
            value={value.start}
            onChange={(event) => onChange({ ...value, start: event.target.value })}
          />
        </label>
        <label htmlFor={`${id}-to`} className="flex flex-col gap-1 text-sm text-slate-700">
          To
          <input
            id={`${id}-to`}
            type="date"
            className={field}
            value={value.end}
            min={value.start || undefined}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onChange({ ...value, end: event.target.value })}
          />
        </label>
        {(value.start || value.end) && (
          <button type="button" className={secondaryButtonClass} onClick={() => onChange(NO_DATES)}>
            Clear dates
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SubscriptionList({ type, dates }: { type: TPackageType; dates: Dates }) {
  return (
    <PagedList
      title={type === "ad" ? "Ad subscriptions" : "Business subscriptions"}
      empty={type === "ad" ? "Not Ads Subscriptions" : "Not Businesses Subscriptions"}
      loadFailed={LOAD_FAILED}
      errorText={errorText}
      fetchPage={(page, signal) =>
        getSubscriptions(withSignal(authedTransport, signal), {
          type,
          page,
          start_date: dates.start || undefined,
          end_date: dates.end || undefined,
        })
      }
      filterKey={[type, dates.start, dates.end]}
      keyOf={(subscription) => subscription.id}
      render={(subscription, replace) => <SubscriptionRow subscription={subscription} onChanged={replace} />}
    />
  );
}

function SubscriptionRow({
  subscription,
  onChanged,
}: {
  subscription: TSubscription;
  onChanged: (next: TSubscription) => void;
}) {
  const [canceling, setCanceling] = useState(false);
  const { confirm, dialog } = useConfirm();
  const active = subscription.status === "active";

  async function cancel() {
    const agreed = await confirm({
      title: "Cancel subscription",
      text: CANCEL_CONFIRM,
      confirm: "Cancel subscription",
      dismiss: "Keep it",
      danger: true,
    });
    if (!agreed) return;
    setCanceling(true);
    try {
      onChanged(await cancelSubscription(authedTransport, { id: subscription.id, type: subscription.type }));
      notify("success", PAYMENT_MESSAGES.canceled);
    } catch {
      notify("error", PAYMENT_MESSAGES.cancelFailed);
    } finally {
      setCanceling(false);
    }
  }

  return (
    <article className="space-y-1.5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 break-words">
          <p className="font-medium">{subscription.package.name}</p>
          {subscription.ad && (
            // Second document §2: rows link to the ad page with undefined category and subcategory (it redirects).
            <Link
              to={`/categories/undefined/undefined/${subscription.ad.id}`}
              className="text-sm text-emerald-800 hover:underline"
            >
              {subscription.ad.title}
            </Link>
          )}
        </div>
        <StatusBadge status={subscription.status} />
      </div>
      <p className="text-sm text-slate-600">
        {subscription.start_date ? (
          <>
            {formatDate(subscription.start_date)} – {formatDate(subscription.end_date)}
          </>
        ) : (
          // A boost waiting for its payment has no dates yet.
          <>Requested {formatDate(subscription.created_at)}</>
        )}
        {active && <span className="text-slate-800"> · {remainingTime(subscription.end_date)}</span>}
      </p>
      {subscription.status === "pending" && <p className="text-sm text-amber-800">{PAYMENT_MESSAGES.pendingNotice}</p>}
      {active && (
        <button
          type="button"
          onClick={cancel}
          disabled={canceling}
          className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60"
        >
          {canceling ? "Canceling…" : "Cancel"}
        </button>
      )}
      {dialog}
    </article>
  );
}

/**
 * Beyond the spec (decision 048): the Mobile Money payments, with the wallet each went through (MTN MoMo or Orange
 * Money), what it charged in which currency (an L$ payment with its US$ price and rate, issue 30), the wallet's
 * reason for a failure and its transaction id.
 */
function PaymentList() {
  return (
    <PagedList
      title="Payments"
      empty="No payments yet"
      loadFailed={LOAD_FAILED}
      errorText={errorText}
      fetchPage={(page, signal) => getPayments(withSignal(authedTransport, signal), page)}
      keyOf={(payment) => payment.transaction_id}
      render={(payment) => <PaymentRow payment={payment} />}
    />
  );
}

function PaymentRow({ payment }: { payment: TPayment }) {
  return (
    <article className="space-y-1">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-medium break-words">
          {payment.package.name}
          {payment.ad && <span className="font-normal text-slate-600"> · {payment.ad.title}</span>}
        </p>
        <StatusBadge status={payment.status} />
      </div>
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{paymentAmount(payment)}</span> with{" "}
        <span className="font-medium whitespace-nowrap">{walletName(payment.provider)}</span> from{" "}
        <span className="whitespace-nowrap">{payment.phone_number}</span> · {formatDate(payment.created_at)}
      </p>
      {payment.status === "failed" && payment.reason && (
        <p className="text-sm text-red-800">{walletReason(payment.provider, payment.reason)}</p>
      )}
      <p className="text-xs break-all text-slate-500">
        {walletName(payment.provider)} transaction: {payment.financial_transaction_id ?? "—"} · Reference:{" "}
        {payment.transaction_id}
      </p>
    </article>
  );
}
