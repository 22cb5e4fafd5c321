import type { TAuthorization } from "@waterside/shared/auth";
import type { TUser } from "@waterside/shared/users";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

export interface SignedIn {
  user: TUser;
  authorization: TAuthorization;
  is_new_user?: boolean;
}

/** POST /auth/login (auth): with email and password, or a Google, Facebook or Apple token. */
export const logIn = (api: ApiTransport, body: object) => apiData<SignedIn>(api, "/auth/login", jsonBody(body));
