import type { TAdminAccount } from "@waterside/shared/admin";
import type { TAdminAccountStatus } from "@waterside/shared/admin-messages";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /admin/admins/{admin_id}/status (admin): a suspension signs the other admin out everywhere at once. */
export const setAdminAccountStatus = (api: ApiTransport, adminId: number, status: TAdminAccountStatus) =>
  apiData<TAdminAccount>(api, `/admin/admins/${adminId}/status`, jsonBody({ status }, "PATCH"));
