import type { TAdminUser } from "@waterside/shared/admin";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/** GET /admin/users (admin): page, per_page, search, sort_by, sort_order, status, usertype. */
export const getAdminUsers = (api: ApiTransport, query: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAdminUser>>(api, `/admin/users?${queryString(query)}`);
