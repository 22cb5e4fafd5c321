import type { TAdminReply, TAdminReview } from "@waterside/shared/admin-moderation";
import type { ReactNode } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { LoadMore } from "../load-more";
import type { AdminList } from "../use-admin-list";
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
  list: AdminList<TAdminReview>;
  deleting: ReadonlySet<string>;
  onDeleteReview: (review: TAdminReview) => void;
  onDeleteReply: (review: TAdminReview, reply: TAdminReply) => void;
}) {
  const { state } = list;
  const message = (text: ReactNode, role?: "alert" | "status") => (
    <p role={role} className="rounded-xl border border-slate-200 bg-white px-3 py-8 text-center text-slate-600">
      {text}
    </p>
  );
  return (
    <div className="space-y-3" aria-busy={state.status === "loading"}>
      <p className="text-sm text-slate-600" aria-live="polite">
        {state.status === "ready" && <>Total: {state.total.toLocaleString("en-US")}</>}
      </p>
      {state.status === "loading" && message("Loading...", "status")}
      {state.status === "error" && (
        <>
          {message(`Error: ${state.message}`, "alert")}
          <button type="button" onClick={list.reload} className={secondaryButtonClass}>
            Retry
          </button>
        </>
      )}
      {state.status === "ready" && state.items.length === 0 && message("No data available")}
      {state.status === "ready" && state.items.length > 0 && (
        <ul className="space-y-3">
          {state.items.map((review) => (
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
      {state.status === "ready" && state.nextPage !== null && (
        <LoadMore more={state.more} onMore={() => void list.loadMore()} />
      )}
    </div>
  );
}
