import { AD_STATUS } from "@waterside/shared/reference-ids";
import type { TAdStatusFilter, TOwnAdListItem } from "@waterside/shared/selling";
import type { TAdViewTotals } from "@waterside/shared/analytics";
import { SELLING_MESSAGES } from "@waterside/shared/selling-messages";
import { Link } from "react-router";
import { adPath } from "~/components/ads/ad-path";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { listDrafts, removeDraft } from "~/lib/ad-drafts";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { AdPrice } from "~/components/ads/ad-price";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { clsx } from "clsx";
import { useState } from "react";
import { useWriteQueue } from "~/lib/write-queue";
import { daysLeftText, lifecycleActions } from "../ad-lifecycle-actions";
import { deleteAd } from "../api/delete-ad";
import { getMyAds } from "../api/get-my-ads";
import { renewAndSay, repostAndSay } from "../lifecycle-calls";
import { MarkSoldDialog } from "./mark-sold-dialog";

/** My Ads' state tabs (issue 28): every state an ad can be in, Expired and Sold included. */
const STATE_TABS: { value: TAdStatusFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "Active" },
  { value: "pending", label: "Pending" },
  { value: "hidden", label: "Hidden" },
  { value: "expired", label: "Expired" },
  { value: "sold", label: "Sold" },
];

const STATE_CLASS: Record<number, string> = {
  [AD_STATUS.active]: "text-emerald-800",
  [AD_STATUS.sold]: "text-slate-700",
  [AD_STATUS.expired]: "text-red-700",
};

const actionClass = "rounded-md px-2 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50 disabled:opacity-60";

/** A list without its drafts is still a list: drafts that cannot be read from this device count as none. */
const loadDrafts = () => listDrafts().catch(() => []);

/**
 * Spec §2 My Ads: the seller's ads by state (issue 28: Expired and Sold too, an active ad's days left) with quick edit
 * and delete, Renew / Mark as sold / Repost where allowed, and their local drafts. How often each
 * ad was seen is the analytics feature's: the profile hands its call in as `getViewTotals`.
 */
export function MyAdsTab({
  getViewTotals,
}: {
  getViewTotals: (adIds: number[], signal: AbortSignal) => Promise<TAdViewTotals>;
}) {
  const [state, setState] = useState<TAdStatusFilter>("all");
  // An ad posted offline leaves the queue when it is posted, or comes back as a draft (decision 104): the list and
  // the drafts are read again then.
  const queuedAds = useWriteQueue().filter((write) => write.kind === "ad").length;
  // Another tab keeps the last list shown (and its counts) until its own comes.
  const mine = useLoad((signal) => getMyAds(withSignal(authedTransport, signal), state), ["my-ads", state, queuedAds], {
    keep: true,
  });
  const [selling, setSelling] = useState<TOwnAdListItem | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const ads = mine.data;
  const ids = ads?.data.map((ad) => ad.id) ?? [];
  // Views come after the list, and a list without them is still a list; after a deletion the known ones stay shown.
  const views = useLoad(
    ids.length
      ? (signal) => getViewTotals(ids, signal).then((totals) => new Map(totals.ads.map((ad) => [ad.ad_id, ad.views])))
      : null,
    ids,
    { keep: true },
  ).data;
  const drafts = useLoad(loadDrafts, ["drafts", queuedAds]);
  const { confirm, dialog } = useConfirm();
  const formatDate = useFormatDate();

  async function remove(ad: TOwnAdListItem) {
    const agreed = await confirm({
      title: "Delete ad",
      text: SELLING_MESSAGES.deleteConfirm,
      confirm: "Delete",
      danger: true,
    });
    if (!agreed) return;
    try {
      await deleteAd(authedTransport, ad.id);
      notify("success", SELLING_MESSAGES.deleted);
      void mine.refresh();
      void drafts.refresh();
    } catch {
      notify("error", SELLING_MESSAGES.deleteFailed);
    }
  }

  async function act(ad: TOwnAdListItem, call: (adId: number) => Promise<boolean>) {
    setBusy(ad.id);
    if (await call(ad.id)) await mine.refresh();
    setBusy(null);
  }

  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          My Ads {ads && <span className="text-slate-500">({ads.counts.all})</span>}
        </h2>
        <Link
          to="/sell"
          className="rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800"
        >
          Post an ad
        </Link>
      </div>
      <div role="group" aria-label="Ad state" className="flex flex-wrap gap-1">
        {STATE_TABS.map((tab) => (
          <button
            key={tab.value}
            type="button"
            aria-pressed={tab.value === state}
            onClick={() => setState(tab.value)}
            className={clsx(
              "rounded-full border px-3 py-1 text-sm font-medium",
              tab.value === state
                ? "border-emerald-700 bg-emerald-700 text-white"
                : "border-slate-300 text-slate-700 hover:bg-slate-100",
            )}
          >
            {tab.label}
            {ads && <span> ({ads.counts[tab.value] ?? 0})</span>}
          </button>
        ))}
      </div>
      {mine.loading && <p aria-busy="true">Loading...</p>}
      {mine.error && (
        <p role="alert">
          Error getting ads, please reload page{" "}
          <button type="button" onClick={mine.reload} className="font-medium text-emerald-800 underline">
            Try again
          </button>
        </p>
      )}
      {ads && ads.data.length === 0 && !mine.loading && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">No ads available</p>
          <p className="mt-1 text-slate-600">
            {state === "all" ? "Post your first ad: it is free." : "None of your ads is in this state."}
          </p>
        </div>
      )}
      {ads && ads.data.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Your ads">
          {ads.data.map((ad) => {
            const allowed = lifecycleActions(ad);
            return (
              // On a phone the title takes the row's width and wraps; Edit and Delete go under it.
              <li
                key={ad.id}
                className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 py-3 sm:grid-cols-[4rem_minmax(0,1fr)_auto]"
              >
                <img
                  src={ad.images[0]?.thumbnail_url ?? "/favicon.svg"}
                  alt=""
                  width={64}
                  height={64}
                  className="row-span-2 size-16 rounded-lg object-cover sm:row-span-1"
                />
                <div className="min-w-0">
                  <Link to={adPath(ad)} className="font-medium break-words hover:underline">
                    {ad.title}
                  </Link>
                  {ad.active_subscription && (
                    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
                        Boosted
                      </span>
                      <span>
                        {ad.active_subscription.package.name}
                        {ad.active_subscription.end_date && <> until {formatDate(ad.active_subscription.end_date)}</>}
                      </span>
                    </p>
                  )}
                  <p className="text-sm text-slate-600">
                    <AdPrice ad={ad} otherClassName="text-xs" /> ·{" "}
                    <span className={clsx("font-medium", STATE_CLASS[ad.status_id] ?? "text-amber-700")}>
                      {ad.status.name}
                    </span>
                    {ad.status_id === AD_STATUS.active && <> · {daysLeftText(ad.expires_at)}</>} ·{" "}
                    {formatDate(ad.created_at)} · Views: {views?.get(ad.id) ?? "—"}
                  </p>
                </div>
                <div className="-ml-2 flex flex-wrap gap-1 sm:ml-0 sm:self-center">
                  {allowed.renew && (
                    <button
                      type="button"
                      disabled={busy === ad.id}
                      onClick={() => act(ad, renewAndSay)}
                      className={actionClass}
                      aria-label={`Renew ${ad.title}`}
                    >
                      Renew
                    </button>
                  )}
                  {allowed.markSold && (
                    <button
                      type="button"
                      disabled={busy === ad.id}
                      onClick={() => setSelling(ad)}
                      className={actionClass}
                      aria-label={`Mark as sold: ${ad.title}`}
                    >
                      Mark as sold
                    </button>
                  )}
                  {allowed.repost && (
                    <button
                      type="button"
                      disabled={busy === ad.id}
                      onClick={() => act(ad, repostAndSay)}
                      className={actionClass}
                      aria-label={`Repost ${ad.title}`}
                    >
                      Repost
                    </button>
                  )}
                  <Link
                    to={`/sell/${ad.id}`}
                    className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
                    aria-label={`Edit ${ad.title}`}
                  >
                    Edit
                  </Link>
                  <button
                    type="button"
                    onClick={() => remove(ad)}
                    className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                    aria-label={`Delete ${ad.title}`}
                  >
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <MarkSoldDialog
        ad={selling}
        onClose={() => setSelling(null)}
        onDone={() => {
          setSelling(null);
          void mine.refresh();
        }}
      />
      <section aria-label="Drafts" className="space-y-2">
        <h3 className="font-semibold">Drafts</h3>
        {!drafts.data?.length ? (
          <p className="text-sm text-slate-600">No drafts. Use "Save draft" while posting to finish an ad later.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {drafts.data.map((draft) => (
              <li key={draft.id} className="flex items-center gap-3 py-2">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{draft.values.title || "Untitled draft"}</p>
                  <p className="text-xs text-slate-500">Saved {formatDate(draft.savedAt)}</p>
                  {draft.refusal && <p className="text-sm text-red-700">Not posted: {draft.refusal.message}</p>}
                </div>
                <Link
                  to={`/sell?draft=${encodeURIComponent(draft.id)}`}
                  className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
                  aria-label={`Resume ${draft.values.title || "draft"}`}
                >
                  Resume
                </Link>
                <button
                  type="button"
                  onClick={async () => {
                    await removeDraft(draft.id);
                    await drafts.refresh();
                  }}
                  className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {dialog}
    </div>
  );
}
