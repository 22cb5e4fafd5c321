import type { TAdminReply, TAdminReview } from "@waterside/shared/admin-moderation";
import type { ReactNode } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import type { PagedList } from "~/lib/use-paged-list";
import { LoadMore } from "../load-more";
import { ModeratedReview } from "./moderated-review";

/**
 * A user's reviews as cards, with the admin tables' states and paging (spec second document §2 "Admin tables", §8):
 * Total count, 'Loading...', 'No data available', 'Error: {message}' with Retry, and Load More while pages remain.
 */
export function UserReviewList({
  list,
  deleting,
  onDeleteReview,
  onDeleteReply,
}: {
  list: PagedList<TAdminReview>;
  deleting: ReadonlySet<string>;
  onDeleteReview: (review: TAdminReview) => void;
  onDeleteReply: (review: TAdminReview, reply: TAdminReply) => void;
}) {
  const rows = list.data;
  const message = (text: ReactNode, role?: "alert" | "status") => (
    <p role={role} className="rounded-xl border border-slate-200 bg-white px-3 py-8 text-center text-slate-600">
      {text}
    </p>
  );
  return (
    <div className="space-y-3" aria-busy={list.loading}>
      <p className="text-sm text-slate-600" aria-live="polite">
        {rows && <>Total: {rows.total.toLocaleString("en-US")}</>}
      </p>
      {list.loading && message("Loading...", "status")}
      {list.error && (
        <>
          {message(`Error: ${list.error.message}`, "alert")}
          <button type="button" onClick={list.reload} className={secondaryButtonClass}>
            Retry
          </button>
        </>
      )}
      {rows?.items.length === 0 && message("No data available")}
      {rows && rows.items.length > 0 && (
        <ul className="space-y-3">
          {rows.items.map((review) => (
            <li key={review.id}>
              <ModeratedReview
                review={review}
                deleting={deleting}
                onDeleteReview={onDeleteReview}
                onDeleteReply={onDeleteReply}
              />
            </li>
          ))}
        </ul>
      )}
      {rows && rows.nextPage !== null && <LoadMore more={rows.more} onMore={() => void list.loadMore()} />}
    </div>
  );
}
