import type { TAuditLogEntry } from "@waterside/shared/admin-moderation";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/** GET /admin/audit-log (admin): every admin write, newest first; by admin or by target. */
export const getAuditLog = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAuditLogEntry>>(api, `/admin/audit-log?${queryString(query)}`);
