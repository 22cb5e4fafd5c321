import type { ApiTransport } from "./api-client";

declare module "react-router" {
  /** What the server gives every loader (apps/api/src/plugins/web-app.ts). */
  interface AppLoadContext {
    api: ApiTransport;
    /** Public origin for canonical and Open Graph URLs. */
    origin: string;
    /** This response's Content-Security-Policy nonce: inline scripts run only with it (entry.server.tsx). */
    nonce?: string;
  }
}
