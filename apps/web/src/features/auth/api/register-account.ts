import { apiData, type ApiTransport } from "~/lib/api-client";
import type { SignedIn } from "./log-in";

/** POST /auth/register (auth): multipart, with the optional profile picture and banner. */
export const registerAccount = (api: ApiTransport, form: FormData) =>
  apiData<SignedIn>(api, "/auth/register", { method: "POST", body: form });
