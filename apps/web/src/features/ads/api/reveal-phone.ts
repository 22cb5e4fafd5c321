import type { TRevealedPhone } from "@waterside/shared/trust";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * POST /ads/{id}/phone (issue 27): the ad's seller's number, for a signed-in buyer with a verified phone, when the
 * seller lets buyers see it; each reveal counts against the buyer's day and in the ad's Insights.
 */
export const revealPhone = (api: ApiTransport, adId: number) =>
  apiData<TRevealedPhone>(api, `/ads/${adId}/phone`, { method: "POST" });
