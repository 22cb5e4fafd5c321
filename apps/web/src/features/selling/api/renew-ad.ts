import type { TRenewed } from "@waterside/shared/ad-lifecycle";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /ads/{id}/renew (selling, issue 28): the owner renews an ad in its last days or once expired; 409 earlier. */
export const renewAd = (api: ApiTransport, adId: number) =>
  apiData<TRenewed>(api, `/ads/${adId}/renew`, { method: "POST" });
