import type { TSellerRating } from "@waterside/shared/reviews";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ratings/user/{user_id} (reviews): a seller's stars over all their active ads. */
export const getSellerRating = (api: ApiTransport, userId: number) =>
  apiData<TSellerRating>(api, `/ratings/user/${userId}`);
