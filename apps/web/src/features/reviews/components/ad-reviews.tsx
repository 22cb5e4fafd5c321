import type { TPaged } from "@waterside/shared/api-envelope";
import type { TReview } from "@waterside/shared/reviews";
import { REVIEW_MAX, REVIEW_MESSAGES } from "@waterside/shared/reviews-messages";
import { useEffect, useState } from "react";
import { browserTransport } from "~/lib/api-client";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { authedTransport, useSession } from "~/lib/session";
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
  const [reviews, setReviews] = useState<TReview[] | null>(firstPage?.data ?? null);
  const [total, setTotal] = useState(firstPage?.total ?? 0);
  const [page, setPage] = useState(firstPage ? { current: 1, more: firstPage.next_page_url !== null } : null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (session.status === "loading" || (!signedIn && firstPage)) return;
    let live = true;
    getReviews(signedIn ? authedTransport : browserTransport, adId)
      .then((first) => {
        if (!live) return;
        setReviews(first.data);
        setTotal(first.total);
        setPage({ current: 1, more: first.next_page_url !== null });
        setFailed(false);
      })
      .catch(() => live && !firstPage && setFailed(true));
    return () => {
      live = false;
    };
  }, [adId, firstPage, session.status, signedIn]);

  async function more() {
    if (!page) return;
    setLoading(true);
    try {
      const next = await getReviews(signedIn ? authedTransport : browserTransport, adId, page.current + 1);
      setReviews((current) => [
        ...(current ?? []),
        ...next.data.filter((review) => !current?.some((r) => r.id === review.id)),
      ]);
      setTotal(next.total);
      setPage({ current: next.current_page, more: next.next_page_url !== null });
    } catch {
      notify("error", REVIEW_MESSAGES.fetchReviewsFailed);
    } finally {
      setLoading(false);
    }
  }

  const updateReview = (id: number) => (change: (review: TReview) => TReview) =>
    setReviews((current) => current?.map((review) => (review.id === id ? change(review) : review)) ?? null);

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
              setReviews((current) => [review, ...(current ?? [])]);
              setTotal((count) => count + 1);
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
      {reviews === null && !failed && (
        <div aria-busy="true" className="h-16 animate-pulse rounded-lg bg-slate-100">
          <span className="sr-only">Loading...</span>
        </div>
      )}
      {failed && (
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
              onRemoved={() => {
                setReviews((current) => current?.filter((r) => r.id !== review.id) ?? null);
                setTotal((count) => count - 1);
              }}
            />
          ))}
        </ul>
      )}
      {page?.more && (
        <button
          type="button"
          onClick={more}
          disabled={loading}
          className="rounded-lg px-3 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-60"
        >
          {loading ? "Loading..." : "More reviews"}
        </button>
      )}
    </section>
  );
}
