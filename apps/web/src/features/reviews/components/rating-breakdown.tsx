import type { TAdRating } from "@waterside/shared/ads";

/** Spec §9: the displayed average rounds half up. */
const roundedStars = (average: number | null) => (average === null ? 0 : Math.floor(average + 0.5));

/** Five stars filled up to the rounded average, with the count beside them (the ad's header line). */
export function StarRating({ rating }: { rating: Pick<TAdRating, "average" | "total"> }) {
  const filled = roundedStars(rating.average);
  return (
    <p className="flex items-center gap-1 text-sm text-slate-600">
      <span aria-hidden="true" className="tracking-tight text-amber-500">
        {"★".repeat(filled)}
        <span className="text-slate-300">{"★".repeat(5 - filled)}</span>
      </span>
      <span>
        {rating.total === 0
          ? "No ratings yet"
          : `${rating.average} out of 5 (${rating.total} rating${rating.total === 1 ? "" : "s"})`}
      </span>
    </p>
  );
}

/** Spec §2 ad page: how many gave each star, as bars. */
export function RatingBreakdown({ rating }: { rating: Pick<TAdRating, "average" | "total" | "counts"> }) {
  return (
    <div>
      <StarRating rating={rating} />
      {rating.total > 0 && (
        <ul className="mt-3 space-y-1.5" aria-label="Ratings by star">
          {([5, 4, 3, 2, 1] as const).map((stars) => {
            const count = rating.counts[stars];
            return (
              <li key={stars} className="flex items-center gap-2 text-sm">
                <span className="w-12 text-slate-600">{stars} star</span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                  <span className="block h-full bg-amber-400" style={{ width: `${(count / rating.total) * 100}%` }} />
                </span>
                <span className="w-8 text-right text-slate-600">{count}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
