import type { TAdminUser } from "@waterside/shared/admin";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** PATCH /admin/users/{user_id}/status (admin): 1 Active or 2 Banned; a ban signs the user out everywhere. */
export const setUserStatus = (api: ApiTransport, userId: number, statusId: number) =>
  apiData<TAdminUser>(
    api,
    `/admin/users/${userId}/status`,
    jsonBody({ user_id: userId, status_id: statusId }, "PATCH"),
  );
