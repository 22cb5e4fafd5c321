import type { TAdminDeal } from "@waterside/shared/deals";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/deals/{id}/resolve {outcome, note} (admin, deals): a disputed deal released or refunded, audited. */
export const resolveDeal = (api: ApiTransport, id: number, decision: { outcome: "release" | "refund"; note: string }) =>
  apiData<TAdminDeal>(api, `/admin/deals/${id}/resolve`, jsonBody(decision));
