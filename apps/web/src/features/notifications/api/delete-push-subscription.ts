import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** DELETE /push/subscriptions (notifications): forgets this browser's subscription. */
export const deletePushSubscription = (api: ApiTransport, endpoint: string) =>
  apiData<null>(api, "/push/subscriptions", jsonBody({ endpoint }, "DELETE"));
