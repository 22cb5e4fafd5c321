import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** This response's CSP nonce: a page's inline scripts run only with it (plugins/web-app.ts hands it over). */
    scriptNonce: string;
  }
}

export interface SecurityHeadersOptions {
  /** HTTPS only (HSTS, upgrade-insecure-requests): never on a developer's http://localhost. */
  production: boolean;
  /** Sign-in providers the server has set up: only their SDKs may load (docs/decisions/018-social-sign-in.md). */
  social: Record<"google" | "facebook" | "apple", unknown>;
  /** Where stored images are fetched from (MEDIA_BASE_URL): a CDN or bucket elsewhere is a source of pictures. */
  mediaBaseUrl: string;
}

type Directives = Record<string, string[]>;

/**
 * What each provider's SDK needs, as loaded by apps/web/src/features/auth/components/social-buttons.tsx. Paths
 * are part of the sources: those hosts also answer with scripts elsewhere that could run someone else's code.
 */
const SOCIAL_SOURCES: Record<keyof SecurityHeadersOptions["social"], Directives> = {
  google: {
    "script-src": ["https://accounts.google.com/gsi/client"],
    "connect-src": ["https://accounts.google.com/gsi/"],
    "frame-src": ["https://accounts.google.com/gsi/"],
  },
  facebook: {
    "script-src": ["https://connect.facebook.net/en_US/"],
    "connect-src": ["https://www.facebook.com"],
    "frame-src": ["https://www.facebook.com"],
  },
  apple: {
    "script-src": ["https://appleid.cdn-apple.com/appleauth/static/jsapi/appleid/"],
    "frame-src": ["https://appleid.apple.com"],
  },
};

/** JSON, images and anything else that is not a page: nothing may run or load if one is opened as a document. */
const NOTHING_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The Swagger UI at /api/docs: its own scripts and styles files, its inline styles and its data: logo. */
const DOCS_POLICY = serialize({
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
});

/**
 * Security headers on every response (docs/decisions/031-security-headers.md). Tokens live in localStorage, so
 * an injected script would own the account: a page runs only our own script files and the inline scripts that
 * carry this response's nonce.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { production, social, mediaBaseUrl }: SecurityHeadersOptions) => {
    const pagePolicy = pagePolicyFor({ production, social, mediaBaseUrl });

    const sameOnEveryResponse = helmetHeaders({
      // Set below, per kind of response.
      contentSecurityPolicy: false,
      // The provider SDKs sign in through popups that report back to this window.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      strictTransportSecurity: production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      xFrameOptions: { action: "deny" },
    });

    app.decorateReply("scriptNonce", "");
    app.addHook("onRequest", async (request, reply) => {
      reply.headers(sameOnEveryResponse);
      const path = request.url.split("?", 1)[0]!;
      if (/^\/api\/docs(\/|$)/.test(path)) {
        reply.header("content-security-policy", DOCS_POLICY);
      } else if (/^\/(api|media)(\/|$)/.test(path)) {
        reply.header("content-security-policy", NOTHING_POLICY);
      } else {
        reply.scriptNonce = randomBytes(16).toString("base64");
        reply.header("content-security-policy", pagePolicy(reply.scriptNonce));
      }
    });
  },
);

/** The policy of the web app's pages, given the response's nonce. */
function pagePolicyFor({ production, social, mediaBaseUrl }: SecurityHeadersOptions) {
  const providers = (Object.keys(SOCIAL_SOURCES) as Array<keyof typeof SOCIAL_SOURCES>).filter((name) => social[name]);
  const from = (directive: string) => providers.flatMap((name) => SOCIAL_SOURCES[name][directive] ?? []);
  const frames = from("frame-src");
  // Our own /media is 'self'; elsewhere, only that folder. The cropper also fetches a photo already posted.
  const media = /^https?:\/\//.test(mediaBaseUrl) ? [`${mediaBaseUrl}/`] : [];
  return (nonce: string) =>
    serialize({
      "default-src": ["'self'"],
      // Our script files, and the inline scripts React Router and the hydration loader write with the nonce.
      "script-src": ["'self'", `'nonce-${nonce}'`, ...from("script-src")],
      // React's style props (drag and drop, rating bars) and the <style> elements of sonner and react-easy-crop.
      "style-src": ["'self'", "'unsafe-inline'"],
      // Pictures being picked and cropped are blob: URLs, which the cropper also fetches.
      "img-src": ["'self'", "data:", "blob:", ...media],
      "connect-src": ["'self'", "blob:", ...media, ...from("connect-src")],
      "frame-src": frames.length ? frames : ["'none'"],
      "object-src": ["'none'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      ...(production && { "upgrade-insecure-requests": [] }),
    });
}

function serialize(directives: Directives) {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/**
 * The headers Helmet sets with these options, worked out once: they are the same on every response, and running
 * Helmet's middleware per request halved the throughput of a bare route (issue 17, bench/README.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}
