import type { TAdRating } from "@waterside/shared/ads";
import { withSignal } from "~/lib/api-client";
import { authedTransport, useSession } from "~/lib/session";
import { useLoad } from "~/lib/use-load";
import { getAdRating } from "../api/get-ad-rating";

/**
 * The ad's rating as its page shows it (spec §2, §4 "Rating"): the page is rendered once for everyone, so a
 * signed-in reader's own (with the stars they gave) is asked for after it loads; a rating they give replaces it.
 */
export function useAdRating(adId: number, fromPage: TAdRating) {
  const signedIn = useSession().status === "signed-in";
  const rating = useLoad(
    signedIn ? (signal) => getAdRating(withSignal(authedTransport, signal), adId) : null,
    [adId, signedIn],
    { initial: fromPage },
  );
  return [rating.data ?? fromPage, (next: TAdRating) => rating.update(() => next)] as const;
}
