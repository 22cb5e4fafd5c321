import type { TAdminAdDetail } from "@waterside/shared/admin";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/ads/{id} (admin): one ad in any status (Active, Hidden, Pending), with its owner. */
export const getAdminAd = (api: ApiTransport, id: number | string) => apiData<TAdminAdDetail>(api, `/admin/ads/${id}`);
