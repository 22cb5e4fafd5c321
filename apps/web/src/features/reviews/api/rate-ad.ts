import type { TRatingResult } from "@waterside/shared/reviews";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * Spec §4 "Rating": the first rating creates (POST /ratings: ad_id, stars), later ones update the existing one
 * (PATCH /ratings/{rating_id}: rating_id, stars).
 */
export const rateAd = (api: ApiTransport, adId: number, stars: number, ratingId: number | null) =>
  ratingId === null
    ? apiData<TRatingResult>(api, "/ratings", jsonBody({ ad_id: adId, stars }))
    : apiData<TRatingResult>(api, `/ratings/${ratingId}`, jsonBody({ rating_id: ratingId, stars }, "PATCH"));
