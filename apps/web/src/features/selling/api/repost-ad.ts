import type { TOwnAdListItem } from "@waterside/shared/selling";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /ads/{id}/repost (selling, issue 28): an expired or sold ad posted again as a new ad, photos and fields copied. */
export const repostAd = (api: ApiTransport, adId: number) =>
  apiData<TOwnAdListItem>(api, `/ads/${adId}/repost`, { method: "POST" });
