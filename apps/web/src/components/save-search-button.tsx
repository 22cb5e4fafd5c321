import type { TAdFilters } from "@waterside/shared/ads";
import {
  SAVED_SEARCH_MESSAGES,
  searchPriceWords,
  type TSavedSearchChannels,
  type TSavedSearchFilters,
  type TSavedSearchFrequency,
} from "@waterside/shared/saved-searches";
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { ApiError } from "~/lib/api-client";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { authedTransport, useSession } from "~/lib/session";
import { createSavedSearch } from "~/lib/api/create-saved-search";

/** What a listing's filters have that a saved search drops (ZSavedSearchFilters omits them). */
const LISTING_ONLY = new Set<string>([
  "sort_by",
  "sort_order",
  "sort_combined",
  "page",
  "per_page",
  "section",
  "user_id",
  "has_active_subscription",
] satisfies Array<keyof TAdFilters>);

/** The listing's filters as a saved search keeps them: no sort, paging, section or seller (issue 29). */
export function savedSearchFilters(filters: TAdFilters): TSavedSearchFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([key, value]) => value !== undefined && !LISTING_ONLY.has(key)),
  ) as TSavedSearchFilters;
}

/** A name from the filters, as the issue writes one: "Toyota · Cars · under $6,000 · Montserrado". */
export function suggestSearchName(filters: TSavedSearchFilters, scopeName?: string): string {
  const price = searchPriceWords(filters);
  const values = (filters.attributes ?? []).flatMap((attribute) => attribute.values ?? []);
  return [filters.search, ...values, scopeName, price, filters.location]
    .filter((part): part is string => Boolean(part))
    .join(" · ")
    .slice(0, 100);
}

/** Whether the filters narrow anything: the API refuses to save a search that does not (issue 29). */
export const narrowsSomething = (filters: TSavedSearchFilters) => Object.keys(filters).length > 0;

/**
 * "Save search" on listings and search results (issue 29): signed-in users name it (or keep the suggested name), pick
 * instant or daily alerts and their channels; a visitor gets the login prompt.
 */
export function SaveSearchButton({ filters, suggestedName }: { filters: TSavedSearchFilters; suggestedName: string }) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (!narrowsSomething(filters)) return null;
  return (
    <>
      <button
        type="button"
        onClick={() =>
          session.status === "signed-in" ? setOpen(true) : openLoginPrompt("Log in to save this search.")
        }
        className={secondaryButtonClass}
      >
        <svg viewBox="0 0 24 24" className="mr-1.5 inline size-4 align-[-2px]" aria-hidden="true">
          <path
            d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
        Save search
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label="Save search"
        className="mx-auto mt-[8dvh] max-h-[84dvh] w-[calc(100%-2rem)] max-w-md overflow-y-auto rounded-2xl bg-white shadow-xl"
      >
        {open && session.status === "signed-in" && (
          <SaveSearchForm
            filters={filters}
            suggestedName={suggestedName}
            phoneVerified={session.user.phone_verified}
            onDone={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}

function SaveSearchForm({
  filters,
  suggestedName,
  phoneVerified,
  onDone,
}: {
  filters: TSavedSearchFilters;
  suggestedName: string;
  phoneVerified: boolean;
  onDone: () => void;
}) {
  const id = useId();
  const [name, setName] = useState(suggestedName);
  const [frequency, setFrequency] = useState<TSavedSearchFrequency>("instant");
  const [channels, setChannels] = useState<TSavedSearchChannels>({ push: true, email: true, sms: false });
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSending(true);
    setErrors({});
    try {
      await createSavedSearch(authedTransport, { name: name.trim() || undefined, filters, frequency, channels });
      notify("success", SAVED_SEARCH_MESSAGES.saved);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        const fields = Object.fromEntries(
          Object.entries(error.errors ?? {}).map(([field, messages]) => [field, messages[0] ?? error.message]),
        );
        setErrors(Object.keys(fields).length ? fields : { form: error.message });
      } else {
        notify("error", "Your search could not be saved. Please try again.");
      }
      setSending(false);
    }
  }

  const channelError = errors["channels.sms"] ?? errors.channels;
  const formError = errors.form ?? errors.filters ?? errors.limit;

  return (
    <form onSubmit={submit} noValidate className="space-y-4 p-5 sm:p-6">
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-xl font-semibold">Save search</h2>
        <button
          type="button"
          onClick={onDone}
          aria-label="Close"
          className="-mt-1 -mr-2 grid size-10 shrink-0 place-items-center rounded-md hover:bg-slate-100"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="text-sm text-slate-600">We will tell you when new ads match this search.</p>
      <div className="space-y-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
          Name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={100}
          className={inputClass}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {errors.name && (
          <p id={`${id}-name-error`} className="text-sm text-red-700">
            {errors.name}
          </p>
        )}
      </div>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">How often</legend>
        {(
          [
            ["instant", "As soon as new ads come"],
            ["daily", "Once a day"],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
          >
            <input
              type="radio"
              name={`${id}-frequency`}
              value={value}
              checked={frequency === value}
              onChange={() => setFrequency(value)}
              className="size-4 accent-emerald-700"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Tell me by</legend>
        {(
          [
            ["push", "Notifications on this device"],
            ["email", "Email"],
            ["sms", "SMS"],
          ] as const
        ).map(([channel, label]) => (
          <label
            key={channel}
            className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              checked={channels[channel]}
              disabled={channel === "sms" && !phoneVerified}
              onChange={(event) => setChannels((current) => ({ ...current, [channel]: event.target.checked }))}
              className="size-4 accent-emerald-700"
            />
            {label}
          </label>
        ))}
        {!phoneVerified && (
          <p className="text-sm text-slate-600">
            SMS alerts need a verified phone.{" "}
            <Link to="/profile?tab=details" className="font-medium text-emerald-800 underline">
              Verify my phone
            </Link>
          </p>
        )}
        {channelError && <p className="text-sm text-red-700">{channelError}</p>}
      </fieldset>
      {formError && (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={sending} className={primaryButtonClass}>
          {sending ? "Saving…" : "Save search"}
        </button>
      </div>
    </form>
  );
}
