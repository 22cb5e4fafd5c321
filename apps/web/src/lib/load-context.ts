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
    /**
     * Where a public page sent to a browser that has not run the app keeps its start-up (React Router's data and the
     * hydration module) until the reader's intent fetches it (entry.server.tsx, decision 111).
     */
    pageBoots: {
      /** Keeps a page's start-up (`PageBoot` as JSON) and answers the address the page fetches it from. */
      keep(boot: string, page: string): Promise<string>;
      /**
       * Given when this render answers a start-up that was no longer kept: the page's `PageBoot` (JSON) goes here,
       * when it rendered whole, instead of the page to the browser.
       */
      answer?: (boot: string) => void;
    };
  }
}
