import type { TPasswordChange } from "@waterside/shared/users";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /user/password (users): other devices are signed out. */
export const changePassword = (api: ApiTransport, body: TPasswordChange) =>
  apiData(api, "/user/password", jsonBody(body, "PATCH"));
