import type { TAdminDealDetail } from "@waterside/shared/deals";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /admin/deals/{id} (admin, deals): a deal with its trail of steps and its chat's messages. */
export const getAdminDeal = (api: ApiTransport, id: number | string) =>
  apiData<TAdminDealDetail>(api, `/admin/deals/${id}`);
