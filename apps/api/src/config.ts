import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CURRENCIES } from "@waterside/shared/money";
import { QUIET_HOURS } from "@waterside/shared/notification-centre";
import webpush from "web-push";
import { z } from "zod";
import type { MomoConfig } from "./lib/momo.ts";
import type { PawapayConfig } from "./lib/pawapay.ts";

/**
 * The push services of the browsers people use, matched by host suffix (WEB_PUSH_HOSTS replaces the list): Chrome and
 * other Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla autopush), Edge (Windows Push Notification
 * Services) and Safari (Apple Push Notification service for the web).
 */
const DEFAULT_PUSH_HOSTS = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
];

const booleanFlag = z
  .enum(["true", "false", "1", "0"], { message: "must be true or false" })
  .transform((value) => value === "true" || value === "1");

/**
 * An https:// page of ours on another site (an app-store listing, a social profile) for the footer and Contact us
 * (decision 064). Its host is checked, so a link pasted into the wrong variable stops start-up instead of showing
 * "Get it on Google Play" to a visitor who then lands on Facebook.
 */
const pageOn = (hosts: string, shown: string) =>
  z
    .url({
      protocol: /^https$/,
      hostname: new RegExp(`^([a-z0-9-]+\\.)*(${hosts})$`),
      message: `must be an https:// link on ${shown}`,
    })
    .optional();

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://waterside.lr" }).optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (value) => value === "false" || value.split(",").every((entry) => isProxyAddress(entry.trim())),
      "must be false, or comma-separated proxy addresses or CIDR ranges (loopback, linklocal and uniquelocal allowed)",
    )
    .default("false"),
  API_DOCS: booleanFlag.optional(),
  DATA_DIR: z.string().min(1).default("data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /**
   * off: this process serves requests and enqueues jobs but runs none; processes started with `on` run them (decision
   * 089). The workers' live announcements reach this process' sockets through Redis, so off needs REDIS_URL.
   */
  JOB_WORKERS: z.enum(["on", "off"], { message: "must be on or off" }).default("on"),
  TOKEN_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO: booleanFlag.optional(),
  DEMO_ADS: z.coerce.number({ message: "must be a number" }).int().min(0, "must be 0 or more").default(520),
  /** Files no row names are removed once older than this (docs/decisions/041-orphan-files.md). */
  ORPHAN_FILE_GRACE_MINUTES: z.coerce
    .number({ message: "must be a number" })
    .int()
    .min(0, "must be 0 or more")
    .default(60),
  ADMIN_EMAIL: z.email({ message: "must be an email address" }).optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT: z.coerce
    .number({ message: "must be a number of seconds" })
    .positive("must be more than 0")
    .default(10),
  /**
   * On SIGTERM, how long /api/ready answers 503 while requests are still served, so load balancers take the process
   * out before it stops accepting (issue 32, decision 092). 0 in tests.
   */
  SHUTDOWN_DRAIN: z.coerce
    .number({ message: "must be a number of seconds" })
    .min(0, "must be 0 or more")
    .max(300, "must be at most 300")
    .optional(),
  /** One log line per request at info (method, path, status, time); off saves throughput (decision 092). */
  LOG_REQUESTS: z.enum(["on", "off"], { message: "must be on or off" }).optional(),
  /**
   * Safe deals (issue 33, decision 103): holding buyers' money needs the operator's licence and a disbursement
   * account, so they are off in production unless turned on; on elsewhere, where the local sandboxes pay.
   */
  SAFE_DEALS: z.enum(["on", "off"], { message: "must be on or off" }).optional(),
  /** Analytics registrations shed while the event loop lags (decision 098): on, but off under NODE_ENV=test. */
  ANALYTICS_SHEDDING: z.enum(["on", "off"], { message: "must be on or off" }).optional(),
  /** Unset: /metrics answers 404. Set: it answers `Authorization: Bearer <METRICS_TOKEN>` only (decision 092). */
  METRICS_TOKEN: z
    .string()
    .min(24, "must be at least 24 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Waterside <no-reply@waterside.lr>"),
  /** Web Push (VAPID) keys, made once with `npx web-push generate-vapid-keys` and kept like TOKEN_SECRET. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[\w-]{80,100}$/, "must be a URL-safe base64 P-256 public key")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[\w-]{40,50}$/, "must be a URL-safe base64 P-256 private key")
    .optional(),
  /** Extra certificate authorities (a PEM file) trusted for push services: a private relay, or the tests' fake. */
  WEB_PUSH_CA_FILE: z.string().min(1).optional(),
  /** Push services subscriptions may name, comma-separated host suffixes (decision 058); the browsers' by default. */
  WEB_PUSH_HOSTS: z
    .string()
    .regex(/^\s*[a-z0-9.-]+(:\d+)?\s*(,\s*[a-z0-9.-]+(:\d+)?\s*)*$/i, "must be host names, comma-separated")
    .optional(),
  /** A push relay on the operator's own network, the one private origin pushes may reach (decision 058). */
  WEB_PUSH_RELAY: z
    .url({ protocol: /^https$/, message: "must be an https:// URL" })
    .transform((value) => new URL(value).origin)
    .optional(),
  /** How long a chat message waits unread before its recipient is mailed (decision 042). */
  CHAT_EMAIL_DELAY_SECONDS: z.coerce.number({ message: "must be a number" }).int().min(0).default(600),
  /** Matches of one instant saved search within this window make one notification ("3 new ads for …"); issue 29. */
  SAVED_SEARCH_COLLAPSE_SECONDS: z.coerce.number({ message: "must be a number" }).int().min(1).max(50).default(30),
  /**
   * Liberia's hours in which pushes and SMS wait until the end ("22-7": 22:00 to 07:00, decision 081), or "off". Mails
   * are never held.
   */
  QUIET_HOURS: z
    .string()
    .regex(/^(off|([01]?\d|2[0-3])-([01]?\d|2[0-3]))$/, "must be off, or from-to hours such as 22-7")
    .refine(
      (value) => value === "off" || value.split("-")[0] !== value.split("-")[1],
      "must be off, or two different hours",
    )
    .default(`${QUIET_HOURS.from}-${QUIET_HOURS.to}`),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// URL")
    .default("mailto:support@waterside.lr"),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_ISSUER: z.url({ message: "must be an absolute URL" }).default("https://accounts.google.com"),
  GOOGLE_JWKS_URL: z.url({ message: "must be an absolute URL" }).default("https://www.googleapis.com/oauth2/v3/certs"),
  GOOGLE_TOKENINFO_URL: z
    .url({ message: "must be an absolute URL" })
    .default("https://oauth2.googleapis.com/tokeninfo"),
  GOOGLE_USERINFO_URL: z
    .url({ message: "must be an absolute URL" })
    .default("https://openidconnect.googleapis.com/v1/userinfo"),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  FACEBOOK_GRAPH_URL: z.url({ message: "must be an absolute URL" }).default("https://graph.facebook.com/v21.0"),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().includes("PRIVATE KEY", { message: "must be the PEM text of the .p8 key" }).optional(),
  /** Twilio's Messages API sends the sign-in codes (issue 27); unset outside production: the local fake gateway. */
  SMS_TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/i, "must be a Twilio Account SID (AC followed by 32 hex digits)")
    .optional(),
  SMS_TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a Twilio number in E.164, an alphanumeric sender id, or a Messaging Service SID (MG…). */
  SMS_FROM: z.string().min(1).optional(),
  SMS_API_URL: z.url({ message: "must be an absolute URL" }).default("https://api.twilio.com"),
  /** Country calling codes whose numbers may receive codes, comma-separated (SMS pumping defence). */
  SMS_COUNTRY_CODES: z
    .string()
    .regex(/^\s*\d{1,3}\s*(,\s*\d{1,3}\s*)*$/, "must be country calling codes such as 231, comma-separated")
    .default("231"),
  SMS_MAX_PER_NUMBER_HOUR: z.coerce.number({ message: "must be a number" }).int().min(1).default(5),
  SMS_MAX_PER_IP_HOUR: z.coerce.number({ message: "must be a number" }).int().min(1).default(20),
  /** Per number prefix (country code and the first digits), where pumping rings use consecutive numbers. */
  SMS_MAX_PER_PREFIX_HOUR: z.coerce.number({ message: "must be a number" }).int().min(1).default(50),
  SMS_MAX_PER_DAY: z.coerce.number({ message: "must be a number" }).int().min(1).default(2000),
  /** Admins sign in with a TOTP code after the password; may be turned off outside production only. */
  ADMIN_TOTP: booleanFlag.default(true),
  APPLE_REDIRECT_URI: z.url({ message: "must be an absolute URL" }).optional(),
  APPLE_BASE_URL: z.url({ message: "must be an absolute URL" }).default("https://appleid.apple.com"),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name (3 to 63 lowercase letters, digits, dots, hyphens)",
    )
    .optional(),
  S3_ENDPOINT: z.url({ message: "must be an absolute URL such as http://127.0.0.1:9000" }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** MTN MoMo Collections (README "Mobile Money"): all of the first four, or none for the local sandbox. */
  MOMO_BASE_URL: z.url({ message: "must be an absolute URL such as https://sandbox.momodeveloper.mtn.com" }).optional(),
  MOMO_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_API_USER: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be the API user id (a UUID)")
    .optional(),
  MOMO_API_KEY: z.string().min(1).optional(),
  MOMO_TARGET_ENVIRONMENT: z
    .string()
    .regex(/^[a-z]+$/, "must be sandbox or MTN's name for the country, e.g. mtnliberia")
    .optional(),
  MOMO_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD, LRD or EUR")
    .optional(),
  MOMO_CALLBACK_URL: z.url({ message: "must be an absolute URL" }).optional(),
  /**
   * MTN MoMo's Disbursement product for payouts (decision 100): its own subscription key, API user and key, all three
   * or none, on the MOMO_* account (host, environment, currency). None: no payouts through MTN.
   */
  MOMO_DISBURSEMENT_SUBSCRIPTION_KEY: z.string().min(1).optional(),
  MOMO_DISBURSEMENT_API_USER: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be the API user id (a UUID)")
    .optional(),
  MOMO_DISBURSEMENT_API_KEY: z.string().min(1).optional(),
  /** Orange Money through pawaPay's deposits API (decision 085): the first two, or none for the local sandbox. */
  ORANGE_BASE_URL: z.url({ message: "must be an absolute URL such as https://api.sandbox.pawapay.io" }).optional(),
  ORANGE_API_TOKEN: z.string().min(1).optional(),
  ORANGE_PROVIDER: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/, "must be pawaPay's provider code, such as ORANGE_LBR")
    .optional(),
  ORANGE_CURRENCIES: z
    .string()
    .regex(/^\s*(USD|LRD)\s*(,\s*(USD|LRD)\s*)*$/, "must be USD, LRD or USD,LRD")
    .optional(),
  ORANGE_CALLBACK_URL: z.url({ message: "must be an absolute URL" }).optional(),
  /** Payouts from the ORANGE_* pawaPay account (decision 100), once pawaPay has enabled them on it. Off by default. */
  ORANGE_PAYOUTS: booleanFlag.optional(),
  APP_STORE_URL: pageOn("apps\\.apple\\.com", "apps.apple.com"),
  GOOGLE_PLAY_URL: pageOn("play\\.google\\.com", "play.google.com"),
  FACEBOOK_PAGE_URL: pageOn("facebook\\.com|fb\\.com", "facebook.com"),
  INSTAGRAM_URL: pageOn("instagram\\.com", "instagram.com"),
  TIKTOK_URL: pageOn("tiktok\\.com", "tiktok.com"),
  X_URL: pageOn("x\\.com|twitter\\.com", "x.com"),
  YOUTUBE_URL: pageOn("youtube\\.com", "youtube.com"),
  MEDIA_BASE_URL: z
    .string()
    .regex(
      /^(https?:\/\/[\w.-]+(:\d+)?(\/[^\s?#]*)?|\/[^\s?#/][^\s?#]*)$/,
      "must be an http(s) URL such as https://media.waterside.lr, or a path such as /media",
    )
    .optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/**
 * Reads every environment variable once. A bad value stops start-up with one line naming it.
 * Secrets missing in development are generated once and kept under DATA_DIR; production must set them.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${variable} ${issue.message} (got ${JSON.stringify(env[variable])})`);
  }
  const vars = parsed.data;
  const production = vars.NODE_ENV === "production";
  const dataDir = path.resolve(vars.DATA_DIR);

  if (Boolean(vars.ADMIN_EMAIL) !== Boolean(vars.ADMIN_PASSWORD)) {
    throw new ConfigError("Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD go together");
  }
  if (production && !vars.TOKEN_SECRET) {
    throw new ConfigError("Invalid configuration: TOKEN_SECRET is required when NODE_ENV=production");
  }
  // Without mail nobody could reset a forgotten password (docs/decisions/017-password-reset-and-mail.md).
  if (production && !vars.SMTP_URL) {
    throw new ConfigError("Invalid configuration: SMTP_URL is required when NODE_ENV=production");
  }
  // Canonical links, share previews and the sitemap are cached publicly: their origin never comes from a header.
  if (production && !vars.ADMIN_TOTP) {
    throw new ConfigError("Invalid configuration: ADMIN_TOTP cannot be false when NODE_ENV=production");
  }
  requireTogether(vars, ["SMS_TWILIO_ACCOUNT_SID", "SMS_TWILIO_AUTH_TOKEN", "SMS_FROM"]);
  if (production && !vars.PUBLIC_URL) {
    throw new ConfigError("Invalid configuration: PUBLIC_URL is required when NODE_ENV=production");
  }
  requireTogether(vars, ["FACEBOOK_APP_ID", "FACEBOOK_APP_SECRET"]);
  requireTogether(vars, ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"]);
  checkObjectStorage(vars);
  if (vars.JOB_WORKERS === "off" && !vars.REDIS_URL) {
    throw new ConfigError(
      "Invalid configuration: JOB_WORKERS=off needs REDIS_URL, through which the workers' announcements reach this process' sockets",
    );
  }
  const momo = momoSettings(vars);
  const orange = orangeSettings(vars, production);
  const momoDisbursement = momoDisbursementSettings(vars, momo);
  if (vars.ORANGE_PAYOUTS && !orange) {
    throw new ConfigError("Invalid configuration: ORANGE_PAYOUTS needs the ORANGE_* account it pays out from");
  }

  return {
    env: vars.NODE_ENV,
    production,
    host: vars.HOST,
    port: vars.PORT,
    /** The one origin of canonical links, share previews and the sitemap; never taken from a request. */
    publicUrl: vars.PUBLIC_URL?.replace(/\/$/, "") ?? `http://localhost:${vars.PORT}`,
    /** Which X-Forwarded-* senders are believed (docs/decisions/030-trusted-proxies.md). */
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    /** Serve the OpenAPI document and its viewer at /api/docs. */
    apiDocs: vars.API_DOCS ?? !production,
    dataDir,
    mediaDir: path.join(dataDir, "media"),
    /** Where clients fetch stored files: replies carry `${mediaBaseUrl}/${file}` (a CDN, the bucket, or our /media). */
    mediaBaseUrl: (vars.MEDIA_BASE_URL ?? "/media").replace(/\/+$/, ""),
    /** Set: files go to this bucket instead of mediaDir, and /media is not served (docs/decisions/035-object-storage.md). */
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          region: vars.S3_REGION!,
          /** Unset: AWS itself. Set (MinIO, s3rver…): path-style requests to this server. */
          endpoint: vars.S3_ENDPOINT,
          /** Unset: the SDK's own chain (AWS_* variables, instance or task role). */
          credentials:
            vars.S3_ACCESS_KEY_ID && vars.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: vars.S3_ACCESS_KEY_ID, secretAccessKey: vars.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
    /**
     * MTN MoMo Collections (lib/momo.ts). null: no MOMO_* is set, and outside production the server runs the local
     * sandbox (lib/momo-sandbox.ts) instead; in production that would give boosts away, so payments are then off.
     */
    momo,
    /**
     * Orange Money through pawaPay (lib/pawapay.ts, decision 085). null: no ORANGE_* is set, and outside production
     * the server runs the local pawaPay sandbox (lib/pawapay-sandbox.ts) instead; in production Orange is then off.
     */
    orange,
    /**
     * Payouts (decision 100): MTN's Disbursement product on the MOMO_* account, with its own credentials
     * (MOMO_DISBURSEMENT_*), and pawaPay's payouts on the ORANGE_* account (ORANGE_PAYOUTS). null and false: no
     * payouts there. Outside production without MOMO_* / ORANGE_*, the server's local sandboxes take them.
     */
    momoDisbursement,
    orangePayouts: vars.ORANGE_PAYOUTS ?? false,
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    tokenSecret: vars.TOKEN_SECRET ?? developmentSecret(dataDir, "token_secret"),
    seedDemo: vars.SEED_DEMO ?? !production,
    demoAds: vars.DEMO_ADS,
    orphanFileGraceMs: vars.ORPHAN_FILE_GRACE_MINUTES * 60_000,
    logLevel: vars.LOG_LEVEL,
    /** On SIGTERM, how long in-flight requests and running jobs get to finish before their connections are cut. */
    shutdownTimeoutMs: vars.SHUTDOWN_TIMEOUT * 1000,
    /** On SIGTERM, how long the process reports not ready before it stops accepting (5 s; 0 in tests). */
    shutdownDrainMs: (vars.SHUTDOWN_DRAIN ?? (vars.NODE_ENV === "test" ? 0 : 5)) * 1000,
    /** Per-request log lines at info: on by default in development, off in production (decision 092). */
    logRequests: (vars.LOG_REQUESTS ?? (production ? "off" : "on")) === "on",
    /**
     * Whether view and click registrations give way to browsing when the event loop lags (decision 098). Off under
     * NODE_ENV=test and in the browser journeys, whose processes share two busy cores: there a lag says nothing about
     * registrations, and a journey checks that the views it makes are counted.
     */
    analyticsShedding: (vars.ANALYTICS_SHEDDING ?? (vars.NODE_ENV === "test" ? "off" : "on")) === "on",
    /** Whether buyers may start safe deals (decision 103): off in production unless SAFE_DEALS=on. */
    safeDeals: (vars.SAFE_DEALS ?? (production ? "off" : "on")) === "on",
    /** The bearer token /metrics asks for; unset, /metrics is not served (decision 092). */
    metricsToken: vars.METRICS_TOKEN,
    /** An admin created at start when none has this email (the first admin of a fresh installation). */
    bootstrapAdmin:
      vars.ADMIN_EMAIL && vars.ADMIN_PASSWORD ? { email: vars.ADMIN_EMAIL, password: vars.ADMIN_PASSWORD } : undefined,
    /** Unset: mails are written to DATA_DIR/outbox (development and tests only). */
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    /** Off (null) in production without keys; development keeps generated keys in DATA_DIR (decision 042). */
    webPush: webPushKeys(vars, production, dataDir),
    chatEmailDelaySeconds: vars.CHAT_EMAIL_DELAY_SECONDS,
    savedSearchCollapseSeconds: vars.SAVED_SEARCH_COLLAPSE_SECONDS,
    /** Liberia's hours [from, to) in which pushes and SMS are held until `to`; null: never held. */
    quietHours:
      vars.QUIET_HOURS === "off"
        ? null
        : { from: Number(vars.QUIET_HOURS.split("-")[0]), to: Number(vars.QUIET_HOURS.split("-")[1]) },
    /** This process runs the job queue's workers and schedules (JOB_WORKERS, decision 089). */
    jobWorkers: vars.JOB_WORKERS === "on",
    /** Sign-in codes by SMS (issue 27). `twilio` null: outside production the server starts the local fake gateway. */
    sms: {
      twilio:
        vars.SMS_TWILIO_ACCOUNT_SID && vars.SMS_TWILIO_AUTH_TOKEN && vars.SMS_FROM
          ? {
              apiUrl: vars.SMS_API_URL.replace(/\/+$/, ""),
              accountSid: vars.SMS_TWILIO_ACCOUNT_SID,
              authToken: vars.SMS_TWILIO_AUTH_TOKEN,
              from: vars.SMS_FROM,
            }
          : null,
      countryCodes: vars.SMS_COUNTRY_CODES.split(",").map((code) => code.trim()),
      caps: {
        perNumberHour: vars.SMS_MAX_PER_NUMBER_HOUR,
        perIpHour: vars.SMS_MAX_PER_IP_HOUR,
        perPrefixHour: vars.SMS_MAX_PER_PREFIX_HOUR,
        perDay: vars.SMS_MAX_PER_DAY,
      },
    },
    /** Whether admins need a TOTP code after the password (always in production). */
    adminTotpRequired: vars.ADMIN_TOTP,
    webPushCaFile: vars.WEB_PUSH_CA_FILE,
    /** Which push endpoints are accepted and contacted (decision 058). */
    pushEndpoints: {
      hosts: vars.WEB_PUSH_HOSTS
        ? vars.WEB_PUSH_HOSTS.split(",").map((host) => host.trim().toLowerCase())
        : DEFAULT_PUSH_HOSTS,
      ...(vars.WEB_PUSH_RELAY && { relayOrigin: vars.WEB_PUSH_RELAY }),
    },
    /**
     * Our pages elsewhere that the footer and Contact us link to (spec: the footer links to app-store listings and
     * social pages); an unset one is not shown (decision 064).
     */
    outsideLinks: {
      apps: [
        { store: "App Store", href: vars.APP_STORE_URL },
        { store: "Google Play", href: vars.GOOGLE_PLAY_URL },
      ].filter((link): link is { store: string; href: string } => link.href !== undefined),
      social: [
        { name: "Facebook", href: vars.FACEBOOK_PAGE_URL },
        { name: "Instagram", href: vars.INSTAGRAM_URL },
        { name: "TikTok", href: vars.TIKTOK_URL },
        { name: "X", href: vars.X_URL },
        { name: "YouTube", href: vars.YOUTUBE_URL },
      ].filter((link): link is { name: string; href: string } => link.href !== undefined),
    },
    /** Social sign-in; a provider without its settings is disabled (docs/decisions/018-social-sign-in.md). */
    social: {
      google: vars.GOOGLE_CLIENT_ID
        ? {
            // Web first; the mobile apps' client ids may follow, comma-separated: tokens for any of them are accepted.
            clientIds: vars.GOOGLE_CLIENT_ID.split(",")
              .map((id) => id.trim())
              .filter(Boolean),
            issuer: vars.GOOGLE_ISSUER.replace(/\/$/, ""),
            jwksUrl: vars.GOOGLE_JWKS_URL,
            tokeninfoUrl: vars.GOOGLE_TOKENINFO_URL,
            userinfoUrl: vars.GOOGLE_USERINFO_URL,
          }
        : undefined,
      facebook:
        vars.FACEBOOK_APP_ID && vars.FACEBOOK_APP_SECRET
          ? {
              appId: vars.FACEBOOK_APP_ID,
              appSecret: vars.FACEBOOK_APP_SECRET,
              graphUrl: vars.FACEBOOK_GRAPH_URL.replace(/\/$/, ""),
            }
          : undefined,
      apple:
        vars.APPLE_CLIENT_ID && vars.APPLE_TEAM_ID && vars.APPLE_KEY_ID && vars.APPLE_PRIVATE_KEY
          ? {
              clientId: vars.APPLE_CLIENT_ID,
              teamId: vars.APPLE_TEAM_ID,
              keyId: vars.APPLE_KEY_ID,
              // Environment files often carry the PEM on one line with literal \n.
              privateKey: vars.APPLE_PRIVATE_KEY.replaceAll("\\n", "\n"),
              redirectUri: vars.APPLE_REDIRECT_URI,
              baseUrl: vars.APPLE_BASE_URL.replace(/\/$/, ""),
            }
          : undefined,
    },
  };
}

/**
 * `false` (the default): the connecting address is the client, and forwarded headers are ignored. Otherwise the
 * addresses or ranges whose X-Forwarded-* headers are believed; a bare hop count is not offered, since it cannot
 * tell a proxy from a client that sends the header itself.
 */
function parseTrustProxy(value: string): false | string[] {
  return value === "false" ? false : value.split(",").map((entry) => entry.trim());
}

/** An address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(entry: string) {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Settings that only work as a set: some given without the others is a mistake worth stopping for. */
function requireTogether(vars: Record<string, unknown>, names: string[]) {
  const given = names.filter((name) => vars[name] !== undefined);
  if (given.length > 0 && given.length < names.length) {
    throw new ConfigError(`Invalid configuration: ${names.join(", ")} go together`);
  }
}

/**
 * Object storage is on when S3_BUCKET is set, and then needs its region and the public address of its files;
 * S3 settings without a bucket would be silently ignored, so they stop start-up too.
 */
function checkObjectStorage(vars: Record<string, unknown>) {
  const settings = ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"];
  if (!vars.S3_BUCKET) {
    const stray = settings.filter((name) => vars[name] !== undefined);
    if (stray.length) {
      throw new ConfigError(`Invalid configuration: ${stray.join(", ")} set without S3_BUCKET, which turns S3 on`);
    }
    return;
  }
  for (const name of ["S3_REGION", "MEDIA_BASE_URL"]) {
    if (vars[name] === undefined) {
      throw new ConfigError(`Invalid configuration: ${name} is required with S3_BUCKET (S3 storage is on)`);
    }
  }
  requireTogether(vars, ["S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]);
}

/**
 * MoMo is on when any MOMO_* is set, and then needs the four credentials: a partial set is a mistake worth stopping
 * for. MTN's sandbox takes only EUR, so that is the default there; elsewhere the currency is the MTN account's (USD or
 * LRD in Liberia) and must be named. MTN calls back only over https outside its sandbox.
 */
function momoSettings(vars: z.infer<typeof environmentSchema>): MomoConfig | null {
  const names = [
    "MOMO_BASE_URL",
    "MOMO_SUBSCRIPTION_KEY",
    "MOMO_API_USER",
    "MOMO_API_KEY",
    "MOMO_TARGET_ENVIRONMENT",
    "MOMO_CURRENCY",
    "MOMO_CALLBACK_URL",
  ] as const;
  if (names.every((name) => vars[name] === undefined)) return null;
  for (const name of names.slice(0, 4)) {
    if (vars[name] === undefined) {
      throw new ConfigError(`Invalid configuration: ${name} is required with the other MOMO_* variables (MoMo is on)`);
    }
  }
  const targetEnvironment = vars.MOMO_TARGET_ENVIRONMENT ?? "sandbox";
  const sandbox = targetEnvironment === "sandbox";
  if (!sandbox && !vars.MOMO_CURRENCY) {
    throw new ConfigError(
      "Invalid configuration: MOMO_CURRENCY is required outside MTN's sandbox (the MTN account's currency, e.g. USD)",
    );
  }
  if (!sandbox && vars.MOMO_CALLBACK_URL && !vars.MOMO_CALLBACK_URL.startsWith("https://")) {
    throw new ConfigError("Invalid configuration: MOMO_CALLBACK_URL must be https outside MTN's sandbox");
  }
  return {
    baseUrl: vars.MOMO_BASE_URL!.replace(/\/+$/, ""),
    subscriptionKey: vars.MOMO_SUBSCRIPTION_KEY!,
    apiUser: vars.MOMO_API_USER!,
    apiKey: vars.MOMO_API_KEY!,
    targetEnvironment,
    currency: vars.MOMO_CURRENCY ?? "EUR",
    callbackUrl: vars.MOMO_CALLBACK_URL,
  };
}

/**
 * MTN payouts are on when the three MOMO_DISBURSEMENT_* are set, on the MoMo account (host, environment, currency):
 * MTN issues each product its own subscription key and API user. No callback is asked for: the reconciler asks.
 */
function momoDisbursementSettings(vars: z.infer<typeof environmentSchema>, momo: MomoConfig | null): MomoConfig | null {
  const names = ["MOMO_DISBURSEMENT_SUBSCRIPTION_KEY", "MOMO_DISBURSEMENT_API_USER", "MOMO_DISBURSEMENT_API_KEY"];
  requireTogether(vars, names);
  if (!vars.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY) return null;
  if (!momo) {
    throw new ConfigError("Invalid configuration: MOMO_DISBURSEMENT_* need the MOMO_* account they pay out from");
  }
  return {
    ...momo,
    subscriptionKey: vars.MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
    apiUser: vars.MOMO_DISBURSEMENT_API_USER!,
    apiKey: vars.MOMO_DISBURSEMENT_API_KEY!,
    callbackUrl: undefined,
  };
}

/**
 * Orange Money is on when any ORANGE_* is set, and then needs pawaPay's address and the API token: a partial set is a
 * mistake worth stopping for. The operator's code and the account's currencies have Liberia's defaults. The callback
 * URL is the one set in pawaPay's dashboard (pawaPay takes it from there); https in production.
 */
function orangeSettings(vars: z.infer<typeof environmentSchema>, production: boolean): PawapayConfig | null {
  const names = [
    "ORANGE_BASE_URL",
    "ORANGE_API_TOKEN",
    "ORANGE_PROVIDER",
    "ORANGE_CURRENCIES",
    "ORANGE_CALLBACK_URL",
  ] as const;
  if (names.every((name) => vars[name] === undefined)) return null;
  for (const name of names.slice(0, 2)) {
    if (vars[name] === undefined) {
      throw new ConfigError(
        `Invalid configuration: ${name} is required with the other ORANGE_* variables (Orange Money is on)`,
      );
    }
  }
  if (production && vars.ORANGE_CALLBACK_URL && !vars.ORANGE_CALLBACK_URL.startsWith("https://")) {
    throw new ConfigError("Invalid configuration: ORANGE_CALLBACK_URL must be https when NODE_ENV=production");
  }
  const currencies = (vars.ORANGE_CURRENCIES ?? "USD,LRD").split(",").map((code) => code.trim());
  return {
    baseUrl: vars.ORANGE_BASE_URL!.replace(/\/+$/, ""),
    apiToken: vars.ORANGE_API_TOKEN!,
    provider: vars.ORANGE_PROVIDER ?? "ORANGE_LBR",
    currencies: CURRENCIES.filter((code) => currencies.includes(code)),
    callbackUrl: vars.ORANGE_CALLBACK_URL,
  };
}

function webPushKeys(
  vars: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string },
  production: boolean,
  dataDir: string,
) {
  requireTogether(vars, ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]);
  if (vars.VAPID_PUBLIC_KEY && vars.VAPID_PRIVATE_KEY) {
    return { publicKey: vars.VAPID_PUBLIC_KEY, privateKey: vars.VAPID_PRIVATE_KEY, subject: vars.VAPID_SUBJECT };
  }
  if (production) return null;
  const generated = webpush.generateVAPIDKeys();
  const publicKey = developmentSecret(dataDir, "vapid_public_key", () => generated.publicKey);
  const privateKey = developmentSecret(dataDir, "vapid_private_key", () => generated.privateKey);
  return { publicKey, privateKey, subject: vars.VAPID_SUBJECT };
}

function developmentSecret(dataDir: string, name: string, make = () => randomBytes(48).toString("base64url")): string {
  const file = path.join(dataDir, "secrets.json");
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
  if (!secrets[name]) {
    secrets[name] = make();
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

/** For entry points: the configuration, or a one-line message naming the bad variable and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
