import type { TReply, TReview } from "@waterside/shared/reviews";
import { messageOf } from "../failures";
import { LoadFailed } from "../load-failed";
import { LoadMore } from "../load-more";
import { useEffect, useState } from "react";
import { isMissing } from "~/lib/api-client";
import { adminTransport } from "../../admin-session";
import { getAdReviews } from "../../api/get-ad-reviews";
import { getReviewReplies } from "../../api/get-review-replies";
import { PostView } from "../reviews/post-view";

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  /** The reviews call reads active ads only: a hidden or pending ad's reviews wait until it is active again. */
  | { status: "offline" }
  | {
      status: "ready";
      reviews: TReview[];
      total: number;
      page: number;
      hasMore: boolean;
      more: "idle" | "loading" | "error";
    };

const moreLinkClass =
  "rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-60";

/**
 * The ad's reviews and replies for the admin ad view, read only (spec second document §2: admin cannot write reviews
 * or replies): no writing box, like or reply buttons. Each author's name leads to the reviews they wrote, where an
 * admin deletes a review or a reply.
 */
export function AdReviewsReadOnly({ adId, active }: { adId: number; active: boolean }) {
  // An ad made active shows its reviews at once: the list mounts then and asks.
  return active ? <ReviewList key={adId} adId={adId} /> : <Frame state={{ status: "offline" }} />;
}

function ReviewList({ adId }: { adId: number }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    getAdReviews(adminTransport, adId, 1)
      .then(
        (page) =>
          current &&
          setState({
            status: "ready",
            reviews: page.data,
            total: page.total,
            page: 1,
            hasMore: page.next_page_url !== null,
            more: "idle",
          }),
      )
      .catch(
        (error: unknown) =>
          current &&
          setState(isMissing(error) ? { status: "offline" } : { status: "error", message: messageOf(error) }),
      );
    return () => {
      current = false;
    };
  }, [adId, attempt]);

  function retry() {
    setState({ status: "loading" });
    setAttempt((count) => count + 1);
  }

  async function loadMore() {
    if (state.status !== "ready") return;
    const ready = state;
    setState({ ...ready, more: "loading" });
    try {
      const page = await getAdReviews(adminTransport, adId, ready.page + 1);
      const known = new Set(ready.reviews.map((review) => review.id));
      setState({
        status: "ready",
        reviews: [...ready.reviews, ...page.data.filter((review) => !known.has(review.id))],
        total: page.total,
        page: page.current_page,
        hasMore: page.next_page_url !== null,
        more: "idle",
      });
    } catch {
      setState({ ...ready, more: "error" });
    }
  }

  return <Frame state={state} onRetry={retry} onMore={loadMore} />;
}

/** The section with its heading and whichever state the list is in. */
function Frame({ state, onRetry, onMore }: { state: State; onRetry?: () => void; onMore?: () => void }) {
  return (
    <section
      aria-labelledby="admin-ad-reviews"
      aria-busy={state.status === "loading"}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="admin-ad-reviews" className="font-semibold">
        Reviews {state.status === "ready" && <span className="text-slate-500">({state.total})</span>}
      </h2>
      {state.status === "loading" && (
        <p role="status" className="text-slate-600">
          Loading...
        </p>
      )}
      {state.status === "error" && onRetry && <LoadFailed message={state.message} onRetry={onRetry} />}
      {state.status === "offline" && (
        <p className="text-slate-600">This ad&apos;s reviews can be read here only while it is active.</p>
      )}
      {state.status === "ready" && state.reviews.length === 0 && <p className="text-slate-600">No data available</p>}
      {state.status === "ready" && state.reviews.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {state.reviews.map((review) => (
            <li key={review.id} className="py-3 first:pt-0 last:pb-0">
              <ReadOnlyReview review={review} />
            </li>
          ))}
        </ul>
      )}
      {state.status === "ready" && state.hasMore && onMore && (
        <LoadMore more={state.more} onMore={onMore} label="More reviews" className={moreLinkClass} />
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
