import type { TPaged } from "@waterside/shared/api-envelope";
import type { TReview } from "@waterside/shared/reviews";
import { REVIEW_MAX, REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { browserTransport, withSignal } from "~/lib/api-client";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { authedTransport, useSession } from "~/lib/session";
import { usePagedList } from "~/lib/use-paged-list";
import { createReview } from "../api/create-review";
import { getReviews } from "../api/get-reviews";
import { PostEditor } from "./post-editor";
import { ReviewItem } from "./review-item";

/**
 * The ad page's reviews (spec §2, §4): the first page comes with the page for everyone; a signed-in reader gets it
 * again with their own marks (liked, theirs). Two at first, then more by paging; a visitor sees a login prompt
 * instead of the writing box.
 */
export function AdReviews({ adId, firstPage }: { adId: number; firstPage: TPaged<TReview> | null }) {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const transport = signedIn ? authedTransport : browserTransport;
  const list = usePagedList(
    (page, signal) => getReviews(withSignal(transport, signal), adId, page),
    [adId, signedIn],
    // A visitor reads the page's own first page; a signed-in reader asks again for their marks (liked, theirs).
    { initial: firstPage, askFirst: session.status !== "loading" && (signedIn || !firstPage) },
  );
  const rows = list.data;
  const reviews = rows?.items ?? null;
  const total = rows?.total ?? 0;

  async function more() {
    if (!(await list.loadMore())) notify("error", REVIEW_MESSAGES.fetchReviewsFailed);
  }

  const updateReview = (id: number) => (change: (review: TReview) => TReview) =>
    list.update((current) => ({
      ...current,
      items: current.items.map((review) => (review.id === id ? change(review) : review)),
    }));

  return (
    <section aria-labelledby="ad-reviews" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="ad-reviews" className="font-semibold">
        Reviews {total > 0 && <span className="text-slate-500">({total})</span>}
      </h2>
      {signedIn ? (
        <PostEditor
          label="Write a review"
          max={REVIEW_MAX}
          saveLabel="Post review"
          onSave={async (content) => {
            try {
              const review = await createReview(authedTransport, adId, content);
              // With no list shown (it could not be read), reading it again shows the new review too.
              if (!list.data) list.reload();
              list.update((current) => ({ ...current, items: [review, ...current.items], total: current.total + 1 }));
              return true;
            } catch {
              notify("error", REVIEW_MESSAGES.reviewFailed("creating"));
              return false;
            }
          }}
        />
      ) : (
        <button
          type="button"
          onClick={() => openLoginPrompt("Log in to rate, review and like.")}
          className="rounded-lg border border-emerald-700 px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
        >
          Log in to write a review
        </button>
      )}
      {reviews === null && !list.error && (
        <div aria-busy="true" className="h-16 animate-pulse rounded-lg bg-slate-100">
          <span className="sr-only">Loading...</span>
        </div>
      )}
      {reviews === null && list.error && (
        <p role="alert" className="text-sm text-red-700">
          {REVIEW_MESSAGES.fetchReviewsFailed}
        </p>
      )}
      {reviews?.length === 0 && <p className="text-slate-600">{REVIEW_MESSAGES.noReviews}</p>}
      {reviews && reviews.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {reviews.map((review) => (
            <ReviewItem
              key={review.id}
              review={review}
              update={updateReview(review.id)}
              onRemoved={() => list.remove(review)}
            />
          ))}
        </ul>
      )}
      {rows && rows.nextPage !== null && (
        <button
          type="button"
          onClick={more}
          disabled={rows.more === "loading"}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-60"
        >
          {rows.more === "loading" ? "Loading..." : "More reviews"}
        </button>
      )}
    </section>
  );
}
