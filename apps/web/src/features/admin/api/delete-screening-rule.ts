import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /admin/screening-rules/{id} (admin, audited): the rule, and the flags it raised with it. */
export const deleteScreeningRule = (api: ApiTransport, id: number) =>
  apiData<null>(api, `/admin/screening-rules/${id}`, { method: "DELETE" });
