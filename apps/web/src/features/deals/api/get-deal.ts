import type { TDeal } from "@waterside/shared/deals";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /deals/{id} (deals): a deal the reader is the buyer or the seller of; 404 for anyone else's. */
export const getDeal = (api: ApiTransport, id: number | string) => apiData<TDeal>(api, `/deals/${id}`);
