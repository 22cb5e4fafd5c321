import type { TPublicUser } from "@waterside/shared/users";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /users/{id} (users): a seller's public profile, for their profile page (the phone number only on one's own, decision 072).
 * A visitor (and so the server's rendering) gets `email` and `phone_number` as null; a signed-in user's token gets
 * them filled (docs/decisions/033-contact-details.md).
 */
export const getUser = (api: ApiTransport, userId: number) => apiData<TPublicUser>(api, `/users/${userId}`);
