import type { TUser } from "@waterside/shared/users";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** POST /user/profile with _method=patch (users): personal details and pictures, multipart. */
export const updateProfile = (api: ApiTransport, form: FormData) =>
  apiData<TUser>(api, "/user/profile", { method: "POST", body: form });
