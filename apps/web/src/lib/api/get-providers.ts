import { apiData, type ApiTransport } from "~/lib/api-client";

export interface Providers {
  google: { enabled: boolean; client_id?: string };
  facebook: { enabled: boolean; app_id?: string };
  apple: { enabled: boolean; client_id?: string };
}

/**
 * GET /auth/providers (auth): which social providers the server can verify; none when it cannot say. The sign-in
 * page shows their buttons, and How to sell mentions only them.
 */
export const getProviders = (api: ApiTransport) =>
  apiData<Providers>(api, "/auth/providers").catch((): Providers => ({
    google: { enabled: false },
    facebook: { enabled: false },
    apple: { enabled: false },
  }));
