import { z } from "zod";

/** Access tokens live 15 minutes; the client refreshes 60 s before expiry (spec §4 "Session"). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens: 7 days, or 30 days with remember_me. Each refresh rotates the token. */
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const REFRESH_TOKEN_REMEMBER_TTL_SECONDS = 30 * 24 * 60 * 60;
/** Spec §9: the client refreshes this long before the access token expires. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 60;

/** Spec §3 "Authorization" (expires_at is computed by the client). */
export const ZAuthorization = z.object({
  token: z.string(),
  type: z.literal("Bearer"),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  refresh_expires_in: z.number().int(),
});
export type TAuthorization = z.infer<typeof ZAuthorization>;

/** The device a sign-in belongs to: the client generates it once and keeps it in local storage. */
export const ZDeviceId = z.string().trim().min(1, "The device id is required.").max(200);
