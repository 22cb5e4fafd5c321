import type { TPaged } from "@waterside/shared/api-envelope";
import type { TUserReview } from "@waterside/shared/deals";
import { Link } from "react-router";
import { DealRatingLine, DealReview } from "./deal-review";

/**
 * The seller card's word from proven deals: "4.7 ★ from 23 deals" (the seller's trust figures) and the newest
 * review, with the way to the others on the profile. Nothing while the seller has none.
 */
export function SellerDealReviews({
  rating,
  page,
  userId,
}: {
  rating: { average: number | null; count: number };
  page: TPaged<TUserReview> | null;
  userId: number;
}) {
  const newest = page?.data[0];
  if (rating.count === 0 && !newest) return null;
  return (
    <section aria-label="Reviews from deals" className="space-y-2 rounded-lg bg-slate-50 p-3">
      <DealRatingLine rating={rating} />
      {newest && <DealReview review={newest} />}
      {rating.count > 1 && (
        <Link to={`/profile/${userId}#deal-reviews`} className="text-sm font-medium text-emerald-800 hover:underline">
          All {rating.count} reviews
        </Link>
      )}
    </section>
  );
}
