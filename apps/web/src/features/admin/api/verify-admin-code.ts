import type { TAdminTwoFactorSignedIn, TAdminTwoFactorVerify } from "@waterside/shared/admin-two-factor";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /admin/auth/two-factor (admin-auth, issue 27): the login challenge and a code from the authenticator app or a
 * recovery code; the login body, with the 10 recovery codes at enrolment.
 */
export const verifyAdminCode = (api: ApiTransport, body: TAdminTwoFactorVerify) =>
  apiData<TAdminTwoFactorSignedIn>(api, "/admin/auth/two-factor", jsonBody(body));
