import type { TAdminAccount } from "@waterside/shared/admin";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /admin/admins/{admin_id}/two-factor/reset (admin, issue 27): the other admin's authenticator and recovery codes
 * are cleared and their sessions end; they set up a new authenticator at their next login.
 */
export const resetAdminTwoFactor = async (api: ApiTransport, adminId: number) =>
  apiData<TAdminAccount>(api, `/admin/admins/${adminId}/two-factor/reset`, jsonBody({}));
