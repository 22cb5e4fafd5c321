import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /auth/register/validate-credentials (auth): register's first step, before the email is taken. */
export const checkEmail = (api: ApiTransport, email: string) =>
  apiData(api, "/auth/register/validate-credentials", jsonBody({ email }));
