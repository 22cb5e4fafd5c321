import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /password-reset/reset (password-reset): the mailed code and the new password. */
export const resetPassword = (api: ApiTransport, body: { email: string; code: string; password: string }) =>
  apiData(api, "/password-reset/reset", jsonBody(body));
