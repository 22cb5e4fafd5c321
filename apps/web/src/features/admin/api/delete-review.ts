import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /admin/reviews?id (admin): removes a review with its replies and likes. */
export const deleteReview = (api: ApiTransport, id: number) =>
  apiData<null>(api, `/admin/reviews?id=${id}`, { method: "DELETE" });
