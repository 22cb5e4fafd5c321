import type { TPaged } from "@waterside/shared/api-envelope";
import type { TUserReview } from "@waterside/shared/deals";
import { Link } from "react-router";
import { DealRatingLine, DealReview } from "./deal-review";

/**
 * The seller card's word from proven deals: the rating line and the newest review, with the way to the others on
 * the profile. Nothing while the seller has none.
 */
export function SellerDealReviews({ page, userId }: { page: TPaged<TUserReview> | null; userId: number }) {
  const newest = page?.data[0];
  if (!page || !newest) return null;
  return (
    <section aria-label="Reviews from deals" className="space-y-2 rounded-lg bg-slate-50 p-3">
      <DealRatingLine total={page.total} reviews={page.data} />
      <DealReview review={newest} />
      {page.total > 1 && (
        <Link to={`/profile/${userId}#deal-reviews`} className="text-sm font-medium text-emerald-800 hover:underline">
          All {page.total} reviews
        </Link>
      )}
    </section>
  );
}
