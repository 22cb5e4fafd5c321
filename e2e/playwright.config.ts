import { defineConfig } from "@playwright/test";
import { JOURNEYS_SERVER_ENV } from "./journeys-server.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
// Separate ports and data folders let two checkouts run their journeys side by side.
const DATA_DIR = process.env.E2E_DATA_DIR ?? "e2e/.data";

/**
 * Journeys whose subject is what the server does (payments, deals, queues, sign-in, moderation) run at one width:
 * each of their screens is also opened at both widths by accessibility.spec.ts and the layout journeys, which are
 * what differs between a phone and a desktop; journeys whose controls differ by width (the filters, the menu, the
 * chat's panes, the bell) still run at both. Running the others twice made CI's journeys a third longer for nothing
 * either width shows. Phones carry most of Liberia's traffic, so the flows a buyer or seller goes through on the
 * move run there, and the ones at a desk (moderation, accounts, insights) on a desktop.
 */
const PHONE_ONLY = ["boost", "notifications", "offline-writes", "phone-sign-in", "safe-deal", "selling"];
const DESKTOP_ONLY = [
  "accounts",
  "ad-lifecycle",
  "ad-screening",
  "content-security-policy",
  "engagement",
  "orange-money-boost",
  "price-guide",
];
const specFile = (name: string) => `**/${name}.spec.ts`;

/**
 * Journeys run in Debian's Chromium against the real server: built web app, API and a fresh
 * embedded PostgreSQL with a small demo data set, exactly as a newcomer's first start.
 */
export default defineConfig({
  testDir: "journeys",
  fullyParallel: true,
  // A journey is a whole visit (register, post, edit, delete …), not one check: 30 s was too tight on 2 busy cores.
  timeout: 60_000,
  workers: process.env.CI ? 2 : undefined,
  // No second tries, in CI either: a journey that passes only on a retry is a flake to fix at its root, not to hide.
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Every journey's fresh context would install the service worker and precache the public pages' code (decision
    // 102): work a visitor does once, which here doubled the journeys' time. The worker's own journeys allow it.
    serviceWorkers: "block",
    // A trace records screenshots and DOM snapshots at every step of every journey, to keep only a failure's. CI's
    // record is its log (each failure's error and call log), so there the recording is cost without a reader.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "phone-360",
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testIgnore: DESKTOP_ONLY.map(specFile),
    },
    { name: "desktop-1280", use: { viewport: { width: 1280, height: 800 } }, testIgnore: PHONE_ONLY.map(specFile) },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node --import tsx apps/api/src/server.ts`,
    cwd: "..",
    url: `http://127.0.0.1:${PORT}/api/categories/active`,
    // The demo seed draws and encodes 421 photos in six sizes (decision 062): 2–3 minutes of CPU on a busy 2-core box
    // the first time on a machine; later starts read them from ~/.cache/waterside/demo-photos (demo-photo-cache.ts).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: { ...JOURNEYS_SERVER_ENV, PORT: String(PORT), DATA_DIR },
  },
});
