import type { TPaged } from "@waterside/shared/api-envelope";
import type { TUserReview } from "@waterside/shared/deals";
import { useId } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { RetryAlert } from "~/components/ui/retry-alert";
import { browserTransport, withSignal } from "~/lib/api-client";
import { usePagedList } from "~/lib/use-paged-list";
import { getUserReviews } from "../api/get-user-reviews";
import { DealRatingLine, DealReview } from "./deal-review";

/**
 * A profile's reviews from proven deals (issue 33), each marked "Verified deal": the server's first page, then More.
 * Read again in the browser, so a review written since the page was rendered shows.
 */
export function DealReviewsList({
  userId,
  rating,
  firstPage,
}: {
  userId: number;
  /** The user's trust figures' `deal_rating`. */
  rating: { average: number | null; count: number };
  firstPage: TPaged<TUserReview> | null;
}) {
  const headingId = useId();
  const list = usePagedList(
    (page, signal) => getUserReviews(withSignal(browserTransport, signal), userId, page),
    userId,
    { initial: firstPage },
  );
  const rows = list.data;
  return (
    <section
      id="deal-reviews"
      aria-labelledby={headingId}
      aria-busy={list.loading}
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id={headingId} className="font-semibold">
        Reviews from deals
      </h2>
      {rating.count > 0 && <DealRatingLine rating={rating} />}
      {!rows && list.loading && <div className="h-16 animate-pulse rounded-lg bg-slate-100" />}
      {list.error && !rows && <RetryAlert message="The reviews could not be loaded." onRetry={list.reload} />}
      {rows && rows.items.length === 0 && <p className="text-slate-600">No reviews from deals yet.</p>}
      {rows && rows.items.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {rows.items.map((review) => (
            <li key={review.id} className="py-3 first:pt-0">
              <DealReview review={review} />
            </li>
          ))}
        </ul>
      )}
      {rows?.more === "error" && (
        <p role="alert" className="text-sm text-red-700">
          More reviews could not be loaded.
        </p>
      )}
      {rows && rows.nextPage !== null && (
        <button
          type="button"
          onClick={() => void list.loadMore()}
          disabled={rows.more === "loading"}
          className={secondaryButtonClass}
        >
          {rows.more === "loading" ? "Loading…" : "More"}
        </button>
      )}
    </section>
  );
}
