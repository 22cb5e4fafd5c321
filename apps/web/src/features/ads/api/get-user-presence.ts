import type { TUserPresence } from "@waterside/shared/chat";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /users/{id}/presence (chat): whether a user is online now; 404 for a banned or deleted user. */
export const getUserPresence = (api: ApiTransport, userId: number) =>
  apiData<TUserPresence>(api, `/users/${userId}/presence`);
