import type { TAdminAccount } from "@waterside/shared/admin";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/** GET /admin/admins (admin): every admin, oldest first, with status and latest sign-in (decision 057). */
export const getAdminAccounts = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAdminAccount>>(api, `/admin/admins?${queryString(query)}`);
