import type { REVIEW_SORTS } from "@waterside/shared/reviews-messages";
import { useId } from "react";
import { inputClass } from "~/components/ui/form-field";

export type ReviewSort = { sort_by: (typeof REVIEW_SORTS)[number]; sort_order: "asc" | "desc" };

/** Spec second document §9: reviews sort by created_at or likes_count; lists default to created_at desc. */
const OPTIONS = [
  { value: "created_at|desc", label: "Newest first" },
  { value: "created_at|asc", label: "Oldest first" },
  { value: "likes_count|desc", label: "Most liked" },
  { value: "likes_count|asc", label: "Least liked" },
] as const;

export const DEFAULT_REVIEW_SORT: ReviewSort = { sort_by: "created_at", sort_order: "desc" };

/** The sort from the address's sort_by and sort_order, the default for anything else. */
export function parseReviewSort(sortBy: string | undefined, sortOrder: string | undefined): ReviewSort {
  const value = `${sortBy ?? DEFAULT_REVIEW_SORT.sort_by}|${sortOrder ?? DEFAULT_REVIEW_SORT.sort_order}`;
  const option = OPTIONS.find((candidate) => candidate.value === value);
  if (!option) return DEFAULT_REVIEW_SORT;
  const [sort_by, sort_order] = option.value.split("|") as [ReviewSort["sort_by"], ReviewSort["sort_order"]];
  return { sort_by, sort_order };
}

/** The combined sort control ('field|order', spec §7 "Listing of a subcategory"): one select, two fields. */
export function ReviewSortSelect({ value, onChange }: { value: ReviewSort; onChange: (sort: ReviewSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-slate-700">
        Sort by
      </label>
      <select
        id={id}
        value={`${value.sort_by}|${value.sort_order}`}
        onChange={(event) => {
          const [sort_by, sort_order] = event.target.value.split("|");
          onChange(parseReviewSort(sort_by, sort_order));
        }}
        className={`${inputClass} w-auto py-2`}
      >
        {OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
