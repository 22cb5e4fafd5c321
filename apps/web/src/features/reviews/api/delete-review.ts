import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /reviews/{id} (reviews): the review goes with its replies and likes. */
export const deleteReview = (api: ApiTransport, reviewId: number) =>
  apiData<null>(api, `/reviews/${reviewId}`, { method: "DELETE" });
