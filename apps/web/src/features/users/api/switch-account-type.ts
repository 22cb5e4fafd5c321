import type { TUser } from "@waterside/shared/users";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /user/switch-account-type with _method=patch (users): an individual becomes a company, multipart. */
export const switchAccountType = (api: ApiTransport, form: FormData) =>
  apiData<TUser>(api, "/user/switch-account-type", { method: "POST", body: form });
