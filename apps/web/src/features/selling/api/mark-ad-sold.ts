import type { TMarkSold } from "@waterside/shared/ad-lifecycle";
import type { TOwnAdListItem } from "@waterside/shared/selling";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /ads/{id}/sold (selling, issue 28): the owner marks an ad sold, naming the buyer when they chatted about it. */
export const markAdSold = (api: ApiTransport, adId: number, body: TMarkSold) =>
  apiData<TOwnAdListItem>(api, `/ads/${adId}/sold`, jsonBody(body));
