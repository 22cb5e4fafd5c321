import type { TReply, TReview } from "@waterside/shared/reviews";
import { useState } from "react";
import { isMissing, withSignal } from "~/lib/api-client";
import { usePagedList, type PagedList } from "~/lib/use-paged-list";
import { LoadFailed } from "../load-failed";
import { LoadMore } from "../load-more";
import { adminTransport } from "../../admin-session";
import { getAdReviews } from "../../api/get-ad-reviews";
import { getReviewReplies } from "../../api/get-review-replies";
import { PostView } from "../reviews/post-view";

const moreLinkClass =
  "rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-60";

/**
 * The ad's reviews and replies for the admin ad view, read only (spec second document §2: admin cannot write reviews
 * or replies): no writing box, like or reply buttons. Each author's name leads to the reviews they wrote, where an
 * admin deletes a review or a reply.
 */
export function AdReviewsReadOnly({ adId, active }: { adId: number; active: boolean }) {
  // An ad made active shows its reviews at once: the list mounts then and asks.
  return active ? <ReviewList adId={adId} /> : <Frame />;
}

function ReviewList({ adId }: { adId: number }) {
  const list = usePagedList((page, signal) => getAdReviews(withSignal(adminTransport, signal), adId, page), adId);
  // The reviews call reads active ads only: a hidden or pending ad's reviews wait until it is active again.
  return list.error && isMissing(list.error) ? <Frame /> : <Frame list={list} />;
}

/** The section with its heading and whichever state the list is in; without a list, the ad is not active. */
function Frame({ list }: { list?: PagedList<TReview> }) {
  const rows = list?.data;
  return (
    <section
      aria-labelledby="admin-ad-reviews"
      aria-busy={list?.loading ?? false}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="admin-ad-reviews" className="font-semibold">
        Reviews {rows && <span className="text-slate-500">({rows.total})</span>}
      </h2>
      {list?.loading && (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      )}
      {list?.error && <LoadFailed message={list.error.message} onRetry={list.reload} />}
      {!list && <p className="text-slate-600">This ad&apos;s reviews can be read here only while it is active.</p>}
      {rows?.items.length === 0 && <p className="text-slate-600">No data available</p>}
      {rows && rows.items.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {rows.items.map((review) => (
            <li key={review.id} className="py-3 first:pt-0 last:pb-0">
              <ReadOnlyReview review={review} />
            </li>
          ))}
        </ul>
      )}
      {list && rows && rows.nextPage !== null && (
        <LoadMore more={rows.more} onMore={() => void list.loadMore()} label="More reviews" className={moreLinkClass} />
      )}
    </section>
  );
}

/** One review with its first replies (oldest first) and the rest by paging, five at a time. */
function ReadOnlyReview({ review }: { review: TReview }) {
  const [replies, setReplies] = useState<TReply[]>(review.replies);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState<"idle" | "loading" | "error">("idle");
  const left = review.replies_count - replies.length;

  async function loadReplies() {
    setMore("loading");
    try {
      const next = await getReviewReplies(adminTransport, review.id, page + 1);
      setReplies((current) => [...current, ...next.data.filter((reply) => !current.some((r) => r.id === reply.id))]);
      setPage(next.current_page);
      setMore("idle");
    } catch {
      setMore("error");
    }
  }

  return (
    <PostView post={review} tag={review.is_ad_owner ? "Owner" : undefined}>
      {replies.length > 0 && (
        <ul aria-label={`Replies to ${review.user.name}`} className="space-y-3 border-l-2 border-slate-100 pt-1 pl-3">
          {replies.map((reply) => (
            <li key={reply.id}>
              <PostView post={reply} tag={reply.is_ad_owner ? "Owner" : undefined} />
            </li>
          ))}
        </ul>
      )}
      {left > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <button type="button" onClick={loadReplies} disabled={more === "loading"} className={moreLinkClass}>
            {more === "loading" ? "Loading..." : `Show ${left === 1 ? "1 more reply" : `${left} more replies`}`}
          </button>
          {more === "error" && (
            <p role="alert" className="text-sm text-red-700">
              Could not load more replies. Try again.
            </p>
          )}
        </div>
      )}
    </PostView>
  );
}
