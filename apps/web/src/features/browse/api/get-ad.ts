import type { TAdDetail } from "@waterside/shared/ads";
import { apiData, type ApiTransport } from "~/lib/api-client";

export const getAd = (api: ApiTransport, id: number | string) => apiData<TAdDetail>(api, `/ads/id/${id}`);
