import { AD_SORT_CHOICES, ATTRIBUTE_FILTER_MESSAGES } from "@waterside/shared/ads-messages";
import type { TFilterDefinition } from "@waterside/shared/catalog";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Form, useNavigation, useSearchParams, useSubmit } from "react-router";
import { Modal } from "~/components/ui/modal";
import { useExchangeRate } from "~/lib/exchange-rate";
import { CURRENCY_SYMBOLS } from "@waterside/shared/money";
import {
  parseBound,
  PRICE_CURRENCY_PARAM,
  priceCurrencyOf,
  rangeParam,
  VERIFIED_SELLERS_PARAM,
} from "../listing-params";

/** Spec §2: a filter with more than 5 values offers a search of its own. */
const SEARCHABLE_AFTER = 5;
/** Params the panel does not edit but must carry along when it is applied. */
const KEPT_PARAMS = ["search", "location", "section", "user_id", "user_name"];

interface FilterPanelProps {
  filters: TFilterDefinition[];
  defaultSort: string;
}

/**
 * Sort, price range, verified sellers and the subcategory's attribute filters as a sidebar on large screens, applied
 * at once.
 */
export function FilterSidebar(props: FilterPanelProps) {
  return (
    <aside aria-label="Filters" className="hidden w-64 shrink-0 lg:block">
      <FilterForm {...props} live />
    </aside>
  );
}

/** The same form on small screens: a Filter button opens it as the 'Filter Modal' (spec §2). */
export function FilterModal(props: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium lg:hidden"
      >
        <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
          <path d="M3 5h18M6 12h12M10 19h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Filter
      </button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        label="Filter Modal"
        className="fixed inset-x-0 top-auto bottom-0 max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white shadow-xl"
      >
        <div className="p-5">
          <div className="mb-4 flex items-center justify-between">
            <h2 className="text-lg font-semibold">Filter Modal</h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="grid size-9 place-items-center rounded-md hover:bg-slate-100"
              aria-label="Close filters"
            >
              ✕
            </button>
          </div>
          <FilterForm {...props} onApply={() => setOpen(false)} />
        </div>
      </Modal>
    </>
  );
}

const noSubscription = () => () => {};

/** How long typing in a number field rests before a desktop's filters apply. */
const TYPING_PAUSE_MS = 600;

/**
 * The address the form's fields ask for: empty fields are left out (spec §5: empty values are ignored) and so is the
 * page's default sort, which is no filter. Null, with the message per attribute, when a range is reversed.
 */
function queryOf(form: HTMLFormElement, filters: TFilterDefinition[], defaultSort: string) {
  const query = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== "string" || value.trim() === "") continue;
    if (key === "sort" && value === defaultSort) continue;
    query.append(key, value.trim());
  }
  const errors: Record<number, string> = {};
  for (const filter of filters) {
    const min = parseBound(query.get(rangeParam(filter.id, "min")));
    const max = parseBound(query.get(rangeParam(filter.id, "max")));
    if (min !== undefined && max !== undefined && min > max) errors[filter.id] = ATTRIBUTE_FILTER_MESSAGES.minAboveMax;
  }
  return { query, errors };
}

/**
 * Sort, price and the subcategory's filters. `live` (the desktop's sidebar): a choice applies at once and typed
 * numbers once typing rests, with no Apply button to scroll to; the phone's modal keeps Apply. Before the page's
 * scripts run, both are a plain GET form with its Apply button.
 */
function FilterForm({
  filters,
  defaultSort,
  live = false,
  onApply,
}: FilterPanelProps & { live?: boolean; onApply?: () => void }) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  // L$ bounds are converted at the rate in force: before an admin set one there is nothing to choose but US$.
  const rate = useExchangeRate();
  const lrdBounds = priceCurrencyOf(params) === "LRD";
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The fields keep what was typed while this form applies it; an address changed elsewhere (a chip removed, Clear
  // all, back) resets them to what it says.
  const search = params.toString();
  const [seen, setSeen] = useState(search);
  // The addresses this form asked for lately: one may land while the next is on its way.
  const [ownQueries, setOwnQueries] = useState<string[]>([]);
  const [fieldsKey, setFieldsKey] = useState(search);
  if (search !== seen) {
    setSeen(search);
    if (!ownQueries.includes(search)) setFieldsKey(search);
  }
  // A move asked for elsewhere wins over numbers still resting here: applied late, the old fields would put back what
  // a chip just took away. Its fields are then reset to the new address, as above.
  const navigation = useNavigation();
  const movingElsewhere =
    navigation.location && !ownQueries.includes(new URLSearchParams(navigation.location.search).toString())
      ? navigation.location.key
      : undefined;
  useEffect(() => {
    if (movingElsewhere) clearTimeout(typing.current);
  }, [movingElsewhere]);
  useEffect(() => () => clearTimeout(typing.current), [fieldsKey]);

  const apply = (form: HTMLFormElement) => {
    clearTimeout(typing.current);
    const { query, errors: found } = queryOf(form, filters, defaultSort);
    setErrors(found);
    if (Object.keys(found).length > 0) return false;
    const next = query.toString();
    if (next !== search) {
      setOwnQueries((queries) => [...queries.slice(-4), next]);
      void submit(query, { method: "get", preventScrollReset: true });
    }
    return true;
  };

  return (
    <Form
      key={fieldsKey}
      method="get"
      preventScrollReset
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (apply(event.currentTarget)) onApply?.();
      }}
      onChange={(event) => {
        if (!live) return;
        const form = event.currentTarget;
        const field = event.target as unknown as HTMLInputElement | HTMLSelectElement;
        clearTimeout(typing.current);
        if (field.type === "number") typing.current = setTimeout(() => apply(form), TYPING_PAUSE_MS);
        else if (field.type !== "search") apply(form);
      }}
      onKeyDown={(event) => {
        const field = event.target as HTMLInputElement;
        // Enter applies at once, as the missing Apply button would.
        if (live && event.key === "Enter" && field.type === "number") {
          event.preventDefault();
          apply(event.currentTarget);
        }
      }}
      className="space-y-5"
    >
      {KEPT_PARAMS.map(
        (key) => params.get(key) && <input key={key} type="hidden" name={key} value={params.get(key)!} />,
      )}
      <label className="block text-sm font-medium">
        Sort by
        <select
          name="sort"
          defaultValue={params.get("sort") ?? defaultSort}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
        >
          {AD_SORT_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend className="text-sm font-medium">Price</legend>
        <div className="mt-1 flex items-center gap-2">
          {/* US$ is the empty choice, left out of the address as every empty field is: US$ when absent (issue 30). */}
          {(rate || lrdBounds) && (
            <select
              name={PRICE_CURRENCY_PARAM}
              aria-label="Price currency"
              defaultValue={lrdBounds ? "LRD" : ""}
              className="shrink-0 rounded-lg border border-slate-300 bg-white px-2 py-2"
            >
              <option value="">{CURRENCY_SYMBOLS.USD}</option>
              <option value="LRD">{CURRENCY_SYMBOLS.LRD}</option>
            </select>
          )}
          <NumberBound name="price_min" placeholder="Min" label="Minimum price" min={0} params={params} />
          <span aria-hidden="true">–</span>
          <NumberBound name="price_max" placeholder="Max" label="Maximum price" min={0} params={params} />
        </div>
      </fieldset>
      {/* Issue 27: only sellers who proved their phone by SMS code. */}
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name={VERIFIED_SELLERS_PARAM}
          value="true"
          defaultChecked={params.get(VERIFIED_SELLERS_PARAM) === "true"}
          className="size-4 accent-emerald-700"
        />
        Verified sellers only
      </label>
      {filters
        .filter((filter) => filter.values.length > 0)
        .map((filter) =>
          filter.type === "Number" ? (
            <RangeFilter key={filter.id} filter={filter} params={params} error={errors[filter.id]} />
          ) : (
            <AttributeFilter key={filter.id} filter={filter} chosen={params.getAll(`f${filter.id}`)} />
          ),
        )}
      <button
        type="submit"
        className={`${live && hydrated ? "hidden" : ""} w-full rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800`}
      >
        Apply filters
      </button>
    </Form>
  );
}

/** A Number attribute (Year, Mileage …): a minimum and a maximum, both included (decision 061). */
function RangeFilter({
  filter,
  params,
  error,
}: {
  filter: TFilterDefinition;
  params: URLSearchParams;
  error: string | undefined;
}) {
  const errorId = `range-error-${filter.id}`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{filter.name}</legend>
      <div className="mt-1 flex items-center gap-2">
        <NumberBound
          name={rangeParam(filter.id, "min")}
          placeholder="Min"
          label={`Minimum ${filter.name}`}
          params={params}
          invalid={Boolean(error)}
        />
        <span aria-hidden="true">–</span>
        <NumberBound
          name={rangeParam(filter.id, "max")}
          placeholder="Max"
          label={`Maximum ${filter.name}`}
          params={params}
          invalid={Boolean(error)}
        />
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function NumberBound({
  name,
  placeholder,
  label,
  params,
  min,
  invalid = false,
}: {
  name: string;
  placeholder: string;
  label: string;
  params: URLSearchParams;
  min?: number;
  invalid?: boolean;
}) {
  return (
    <input
      name={name}
      type="number"
      min={min}
      step="any"
      inputMode="decimal"
      placeholder={placeholder}
      aria-label={label}
      aria-invalid={invalid || undefined}
      defaultValue={params.get(name) ?? ""}
      className={`w-full min-w-0 rounded-lg border px-3 py-2 ${invalid ? "border-red-600" : "border-slate-300"}`}
    />
  );
}

function AttributeFilter({ filter, chosen }: { filter: TFilterDefinition; chosen: string[] }) {
  const [query, setQuery] = useState("");
  const visible = filter.values.filter((value) => value.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <fieldset>
      <legend className="text-sm font-medium">{filter.name}</legend>
      {filter.values.length > SEARCHABLE_AFTER && (
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={`Search ${filter.name}`}
          aria-label={`Search ${filter.name}`}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
        />
      )}
      <div className="mt-1 max-h-48 space-y-1 overflow-y-auto">
        {filter.values.map((value) => (
          <label key={value} className={visible.includes(value) ? "flex items-center gap-2 text-sm" : "hidden"}>
            <input
              type="checkbox"
              name={`f${filter.id}`}
              value={value}
              defaultChecked={chosen.includes(value)}
              className="size-4 accent-emerald-700"
            />
            {value}
          </label>
        ))}
        {visible.length === 0 && <p className="text-sm text-slate-500">No results found</p>}
      </div>
    </fieldset>
  );
}
