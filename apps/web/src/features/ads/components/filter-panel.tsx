import { AD_SORT_CHOICES } from "@waterside/shared/ads-messages";
import type { TFilterDefinition } from "@waterside/shared/catalog";
import { useState } from "react";
import { Form, useSearchParams } from "react-router";
import { Modal } from "~/components/ui/modal";

/** Spec §2: a filter with more than 5 values offers a search of its own. */
const SEARCHABLE_AFTER = 5;
/** Params the panel does not edit but must carry along when it is applied. */
const KEPT_PARAMS = ["search", "location", "section", "user_id", "user_name"];

interface FilterPanelProps {
  filters: TFilterDefinition[];
  defaultSort: string;
}

/** Sort, price range and the subcategory's attribute filters as a sidebar on large screens. */
export function FilterSidebar(props: FilterPanelProps) {
  return (
    <aside aria-label="Filters" className="hidden w-64 shrink-0 lg:block">
      <FilterForm {...props} />
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

function FilterForm({ filters, defaultSort, onApply }: FilterPanelProps & { onApply?: () => void }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" preventScrollReset onSubmit={onApply} className="space-y-5">
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
        <legend className="text-sm font-medium">Price (USD)</legend>
        <div className="mt-1 flex items-center gap-2">
          <PriceBound name="price_min" placeholder="Min" label="Minimum price" params={params} />
          <span aria-hidden="true">–</span>
          <PriceBound name="price_max" placeholder="Max" label="Maximum price" params={params} />
        </div>
      </fieldset>
      {filters
        .filter((filter) => filter.values.length > 0)
        .map((filter) => (
          <AttributeFilter key={filter.id} filter={filter} chosen={params.getAll(`f${filter.id}`)} />
        ))}
      <button
        type="submit"
        className="w-full rounded-lg bg-emerald-700 px-4 py-2.5 font-semibold text-white hover:bg-emerald-800"
      >
        Apply filters
      </button>
    </Form>
  );
}

function PriceBound({
  name,
  placeholder,
  label,
  params,
}: {
  name: string;
  placeholder: string;
  label: string;
  params: URLSearchParams;
}) {
  return (
    <input
      name={name}
      type="number"
      min={0}
      inputMode="numeric"
      placeholder={placeholder}
      aria-label={label}
      defaultValue={params.get(name) ?? ""}
      className="w-full rounded-lg border border-slate-300 px-3 py-2"
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
