import type { TVerifyPhone } from "@waterside/shared/phone-auth";
import type { TUser } from "@waterside/shared/users";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /user/phone/verify (phone-auth): the code proves the number, which becomes the account's verified one; the
 * reply is the updated user. 409 when another account verified that number.
 */
export const verifyPhone = (api: ApiTransport, body: TVerifyPhone) =>
  apiData<TUser>(api, "/user/phone/verify", jsonBody(body));
