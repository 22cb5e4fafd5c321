import type { TAdRating } from "@waterside/shared/ads";
import { REVIEW_MESSAGES, STARS_MAX } from "@waterside/shared/reviews-messages";
import { clsx } from "clsx";
import { useState } from "react";
import { openLoginPrompt } from "~/lib/login-prompt";
import { notify } from "~/lib/notify";
import { authedTransport, useSession } from "~/lib/session";
import { rateAd } from "../api/rate-ad";
import { RatingBreakdown } from "./rating-breakdown";

/**
 * Spec §2, §4 "Rating": the ad's breakdown by star and, for a signed-in buyer, five stars to click; the first
 * click creates the rating, later ones update it. `rating` carries a signed-in reader's own stars once known
 * (hooks/use-ad-rating.ts). The owner rates nothing; a visitor is asked to log in.
 */
export function RatingPanel({
  adId,
  isOwner,
  rating,
  onChange,
}: {
  adId: number;
  isOwner: boolean;
  rating: TAdRating;
  onChange: (rating: TAdRating) => void;
}) {
  const signedIn = useSession().status === "signed-in";
  const [busy, setBusy] = useState(false);
  const [hovered, setHovered] = useState<number | null>(null);

  async function rate(stars: number) {
    if (!signedIn) return openLoginPrompt("Log in to rate, review and like.");
    const first = rating.current_user_rating_id === null;
    setBusy(true);
    try {
      const result = await rateAd(authedTransport, adId, stars, rating.current_user_rating_id);
      onChange(result.rating);
      notify("success", first ? REVIEW_MESSAGES.ratingAdded : REVIEW_MESSAGES.ratingUpdated);
    } catch {
      notify("error", first ? REVIEW_MESSAGES.ratingAddFailed : REVIEW_MESSAGES.ratingUpdateFailed);
    } finally {
      setBusy(false);
    }
  }

  const shown = hovered ?? rating.current_user_rating ?? 0;
  return (
    <section aria-labelledby="ad-ratings" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="ad-ratings" className="font-semibold">
        Ratings
      </h2>
      <RatingBreakdown rating={rating} />
      {!isOwner && (
        <fieldset className="space-y-1" disabled={busy}>
          <legend className="text-sm text-slate-700">
            {rating.current_user_rating ? `Your rating: ${rating.current_user_rating} of ${STARS_MAX}` : "Rate this ad"}
          </legend>
          <div className="flex" onMouseLeave={() => setHovered(null)}>
            {Array.from({ length: STARS_MAX }, (_, index) => index + 1).map((stars) => (
              <button
                key={stars}
                type="button"
                aria-label={`Rate ${stars} star${stars === 1 ? "" : "s"}`}
                aria-pressed={rating.current_user_rating === stars}
                onMouseEnter={() => setHovered(stars)}
                onFocus={() => setHovered(stars)}
                onBlur={() => setHovered(null)}
                onClick={() => rate(stars)}
                className={clsx(
                  "grid size-11 place-items-center text-3xl leading-none",
                  stars <= shown ? "text-amber-500" : "text-slate-300",
                )}
              >
                <span aria-hidden="true">★</span>
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </section>
  );
}
