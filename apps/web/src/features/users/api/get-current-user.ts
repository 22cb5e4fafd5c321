import type { TUser } from "@waterside/shared/users";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /user (users): the signed-in user's own account, fresh. */
export const getCurrentUser = (api: ApiTransport) => apiData<TUser>(api, "/user");
