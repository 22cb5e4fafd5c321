import type { TAdminAdStatusName } from "@waterside/shared/admin-messages";
import type { TAdListItem } from "@waterside/shared/ads";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * /admin/ads/{ad_id}/{status_name} (admin; the spec's POST with a patch override, sent as PATCH, which the route
 * takes too): Active or Hidden. Returns the ad as the ads table lists it.
 */
export const setAdStatus = (api: ApiTransport, adId: number, statusName: TAdminAdStatusName) =>
  apiData<TAdListItem>(
    api,
    `/admin/ads/${adId}/${statusName}`,
    jsonBody({ ad_id: adId, status_name: statusName }, "PATCH"),
  );
