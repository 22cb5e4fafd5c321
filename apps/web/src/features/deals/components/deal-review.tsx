import type { TUserReview } from "@waterside/shared/deals";
import { useFormatDate } from "~/lib/format";

const dealsText = (count: number) => `${count} ${count === 1 ? "deal" : "deals"}`;

/** "4.7 ★ from 23 deals" (issue 33): the user's trust figures' `deal_rating`. */
export function DealRatingLine({ rating }: { rating: { average: number | null; count: number } }) {
  return (
    <p className="flex items-center gap-1 text-sm">
      {rating.average !== null && (
        <>
          <span className="font-semibold">{rating.average.toFixed(1)}</span>
          <span aria-hidden="true" className="text-amber-500">
            ★
          </span>
          <span className="sr-only">stars</span>
        </>
      )}
      <span>from {dealsText(rating.count)}</span>
    </p>
  );
}

/** "Verified deal": every review of a user comes from a deal proven by money held or a code exchanged. */
function VerifiedDeal() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <svg viewBox="0 0 20 20" className="size-3.5" aria-hidden="true">
        <path d="M5 10.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      Verified deal
    </span>
  );
}

export function DealReview({ review }: { review: TUserReview }) {
  const formatDate = useFormatDate();
  return (
    <article className="space-y-1">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-amber-500" aria-hidden="true">
          {"★".repeat(review.stars)}
          <span className="text-slate-300">{"★".repeat(5 - review.stars)}</span>
        </span>
        <span className="sr-only">{`${review.stars} of 5 stars`}</span>
        <VerifiedDeal />
      </div>
      {review.content && <p className="break-words text-slate-800">{review.content}</p>}
      <p className="text-xs text-slate-600">
        {review.author.name} · as {review.role === "seller" ? "seller" : "buyer"}
        {review.ad ? ` of “${review.ad.title}”` : ""} · {formatDate(review.created_at)}
      </p>
    </article>
  );
}
