import type { TPushSubscription } from "@waterside/shared/notifications";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /push/subscriptions (notifications): this browser's subscription, for the signed-in user. */
export const savePushSubscription = (api: ApiTransport, subscription: TPushSubscription) =>
  apiData<null>(api, "/push/subscriptions", jsonBody(subscription));
