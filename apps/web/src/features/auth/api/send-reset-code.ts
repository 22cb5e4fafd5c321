import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /password-reset/send-reset-code (password-reset): mails a 4-digit code. */
export const sendResetCode = (api: ApiTransport, email: string) =>
  apiData(api, "/password-reset/send-reset-code", jsonBody({ email }));
