import { AD_SORT_CHOICES } from "@waterside/shared/ads-messages";
import type { TFilterDefinition } from "@waterside/shared/catalog";
import { Link, useSearchParams } from "react-router";
import { formatAmount } from "~/lib/format";
import {
  ATTRIBUTE_PARAM,
  parseBound,
  PRICE_CURRENCY_PARAM,
  priceCurrencyOf,
  RANGE_PARAM,
  rangeParam,
  VERIFIED_SELLERS_PARAM,
  withoutParam,
} from "../listing-params";

/** "Year: 2010–2015", "Year: from 2010", "Year: up to 2015". */
function rangeLabel(name: string, min: number | undefined, max: number | undefined) {
  if (min !== undefined && max !== undefined) return `${name}: ${min}–${max}`;
  return min !== undefined ? `${name}: from ${min}` : `${name}: up to ${max}`;
}

/**
 * One removable chip per active filter, and a Clear all link. The page's default sort is no filter: it has no chip,
 * even when the address names it.
 */
export function ActiveFilterChips({ filters, defaultSort }: { filters: TFilterDefinition[]; defaultSort: string }) {
  const [params] = useSearchParams();
  const chips: Array<{ label: string; to: string }> = [];
  const sort = AD_SORT_CHOICES.find((choice) => choice.value === params.get("sort") && choice.value !== defaultSort);
  if (sort) chips.push({ label: sort.label, to: withoutParam(params, "sort") });
  const min = params.get("price_min");
  const max = params.get("price_max");
  const currency = priceCurrencyOf(params);
  // The last bound removed takes its currency with it.
  const lastBound = (bound: string) => (min && max ? [bound] : [bound, PRICE_CURRENCY_PARAM]);
  if (min) {
    chips.push({
      label: `From ${formatAmount(Number(min), currency)}`,
      to: withoutParam(params, lastBound("price_min")),
    });
  }
  if (max) {
    chips.push({
      label: `Up to ${formatAmount(Number(max), currency)}`,
      to: withoutParam(params, lastBound("price_max")),
    });
  }
  if (params.get(VERIFIED_SELLERS_PARAM) === "true") {
    chips.push({ label: "Verified sellers only", to: withoutParam(params, VERIFIED_SELLERS_PARAM) });
  }
  for (const [key, value] of params) {
    const match = ATTRIBUTE_PARAM.exec(key);
    if (!match) continue;
    const name = filters.find((filter) => filter.id === Number(match[1]))?.name;
    chips.push({ label: name ? `${name}: ${value}` : value, to: withoutParam(params, key, value) });
  }
  // One chip per range, whichever of its bounds are set.
  const ranged = new Set([...params.keys()].flatMap((key) => RANGE_PARAM.exec(key)?.[1] ?? []).map(Number));
  for (const id of ranged) {
    const [minKey, maxKey] = [rangeParam(id, "min"), rangeParam(id, "max")];
    const min = parseBound(params.get(minKey));
    const max = parseBound(params.get(maxKey));
    if (min === undefined && max === undefined) continue;
    const name = filters.find((filter) => filter.id === id)?.name ?? "Range";
    const [low, high] = min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
    chips.push({ label: rangeLabel(name, low, high), to: withoutParam(params, [minKey, maxKey]) });
  }
  if (chips.length === 0) return null;
  const clearAll = new URLSearchParams(
    [...params].filter(([key]) => ["search", "location", "section", "user_id", "user_name"].includes(key)),
  );
  return (
    <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.to + chip.label}>
          <Link
            to={chip.to}
            preventScrollReset
            aria-label={`Remove filter ${chip.label}`}
            className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-3 py-1 text-sm text-emerald-900 ring-1 ring-emerald-200 hover:bg-emerald-100"
          >
            {chip.label} <span aria-hidden="true">✕</span>
          </Link>
        </li>
      ))}
      <li>
        <Link to={`?${clearAll.toString()}`} className="text-sm font-medium text-slate-600 underline">
          Clear all
        </Link>
      </li>
    </ul>
  );
}
