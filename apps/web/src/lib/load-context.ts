import type { ApiTransport } from "./api-client";
import type { OutsideLinks } from "./outside-links";

declare module "react-router" {
  /** What the server gives every loader (apps/api/src/plugins/web-app.ts). */
  interface AppLoadContext {
    api: ApiTransport;
    /** Public origin for canonical and Open Graph URLs. */
    origin: string;
    /** The app-store and social pages the operator configured (apps/api/src/config.ts, decision 064). */
    outsideLinks: OutsideLinks;
    /** Whether buyers may start safe deals (SAFE_DEALS, decision 103): off, no page offers one. */
    safeDeals: boolean;
    /** This response's Content-Security-Policy nonce: inline scripts run only with it (entry.server.tsx). */
    nonce?: string;
  }
}
