import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /ads/saved/ids (saved-ads): which ads the user saved, to mark the hearts on every list. */
export const getSavedAdIds = (api: ApiTransport) => apiData<number[]>(api, "/ads/saved/ids");
