import {
  SAVED_SEARCH_LIMIT,
  SAVED_SEARCH_MESSAGES,
  savedSearchPath,
  type TSavedSearch,
  type TSavedSearchFrequency,
} from "@waterside/shared/saved-searches";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useConfirm } from "~/components/ui/confirm-dialog";
import { RetryAlert } from "~/components/ui/retry-alert";
import { withSignal } from "~/lib/api-client";
import { notify } from "~/lib/notify";
import { authedTransport } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { deleteSavedSearch, getSavedSearches, updateSavedSearch } from "../api/saved-searches";

const FREQUENCY_LABELS: Record<TSavedSearchFrequency, string> = { instant: "At once", daily: "Once a day" };

const channelsText = ({ push, email, sms }: TSavedSearch["channels"]) =>
  [push && "notifications", email && "email", sms && "SMS"].filter(Boolean).join(", ") || "the bell only";

/**
 * Profile tab "Saved searches" (issue 29): each search with its new matches; Open runs it and marks them seen, the
 * frequency switches between at once and daily, Delete asks first.
 */
export function SavedSearchesTab() {
  const navigate = useNavigate();
  const { confirm, dialog } = useConfirm();
  const searches = useLoad((signal) => getSavedSearches(withSignal(authedTransport, signal)), "saved-searches");
  const [busy, setBusy] = useState<number | null>(null);

  async function open(search: TSavedSearch) {
    // The listing marks the matches seen (its saved_search parameter).
    await navigate(savedSearchPath(search.filters, { savedSearchId: search.id }));
  }

  async function switchFrequency(search: TSavedSearch) {
    setBusy(search.id);
    try {
      const frequency = search.frequency === "instant" ? "daily" : "instant";
      const saved = await updateSavedSearch(authedTransport, search.id, { frequency });
      searches.update((list) => list.map((item) => (item.id === saved.id ? saved : item)));
      notify("success", SAVED_SEARCH_MESSAGES.updated);
    } catch {
      notify("error", "The saved search could not be changed. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  async function remove(search: TSavedSearch) {
    const agreed = await confirm({
      title: "Delete saved search",
      text: `Stop alerts for “${search.name}” and delete it?`,
      confirm: "Delete",
      danger: true,
    });
    if (!agreed) return;
    setBusy(search.id);
    try {
      await deleteSavedSearch(authedTransport, search.id);
      searches.update((list) => list.filter((item) => item.id !== search.id));
      notify("success", SAVED_SEARCH_MESSAGES.deleted);
    } catch {
      notify("error", "The saved search could not be deleted. Please try again.");
    } finally {
      setBusy(null);
    }
  }

  const list = searches.data;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">
        Saved searches {list && <span className="text-slate-500">({list.length})</span>}
      </h2>
      {searches.loading && (
        <ul aria-busy="true" aria-label="Loading saved searches" className="animate-pulse space-y-2">
          {[0, 1].map((row) => (
            <li key={row} className="h-20 rounded-xl bg-slate-100" />
          ))}
        </ul>
      )}
      {searches.error && <RetryAlert message="Your saved searches could not be loaded." onRetry={searches.reload} />}
      {list && list.length === 0 && (
        <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center">
          <p className="font-semibold">No saved searches</p>
          <p className="mt-1 text-sm text-slate-600">
            Search or open a listing, choose your filters and press Save search: we will tell you when new ads match.
          </p>
        </div>
      )}
      {list && list.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Your saved searches">
          {list.map((search) => (
            <li key={search.id} className="space-y-2 p-3 sm:p-4">
              <div className="flex flex-wrap items-center gap-2">
                <p className="min-w-0 flex-1 font-medium break-words">{search.name}</p>
                {search.new_count > 0 && (
                  <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {search.new_count} new
                  </span>
                )}
              </div>
              <p className="text-sm text-slate-600">
                {FREQUENCY_LABELS[search.frequency]} · by {channelsText(search.channels)}
              </p>
              {search.downgraded_at && (
                <p className="text-sm text-amber-800">{SAVED_SEARCH_MESSAGES.downgraded(search.name)}</p>
              )}
              <div className="flex flex-wrap gap-1">
                <button
                  type="button"
                  onClick={() => void open(search)}
                  className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
                  aria-label={`Open ${search.name}`}
                >
                  Open
                </button>
                <button
                  type="button"
                  disabled={busy === search.id}
                  onClick={() => void switchFrequency(search)}
                  className="rounded-md px-2 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50"
                >
                  {search.frequency === "instant" ? "Send once a day" : "Send at once"}
                </button>
                <button
                  type="button"
                  disabled={busy === search.id}
                  onClick={() => void remove(search)}
                  className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
                  aria-label={`Delete ${search.name}`}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list && list.length >= SAVED_SEARCH_LIMIT && (
        <p className="text-sm text-slate-600">{SAVED_SEARCH_MESSAGES.limit}</p>
      )}
      {dialog}
    </div>
  );
}
