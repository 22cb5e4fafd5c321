import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

// The service worker is what these journeys look at (the others block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * Issue 31 "installable" (decision 102): the web app manifest is valid, Chromium finds nothing stopping an install,
 * the menu offers "Install app" once the browser does, and a new version waits for the user's "Update".
 */

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

/** Width and height of a PNG, from its IHDR chunk. */
const pngSize = (png: Buffer) => `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;

test("the manifest names the app, its icons are the sizes it says, and every page links it", async ({
  request,
  page,
}) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.headers()["content-type"]).toBe("application/manifest+json");
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "Waterside",
    short_name: "Waterside",
    start_url: "/",
    display: "standalone",
    theme_color: "#047857",
  });
  expect(manifest.shortcuts.map((shortcut: { url: string }) => shortcut.url)).toEqual(["/sell", "/chat"]);
  const purposes = manifest.icons.map((icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]);
  for (const icon of manifest.icons as Array<{ src: string; sizes: string; type: string }>) {
    const file = await request.get(icon.src);
    expect(file.headers()["content-type"], icon.src).toBe(icon.type);
    expect(pngSize(await file.body()), icon.src).toBe(icon.sizes);
  }
  const appleIcon = await request.get("/icons/apple-touch-icon.png");
  expect(pngSize(await appleIcon.body())).toBe("180x180");

  for (const url of ["/", "/about-us"]) {
    await page.goto(url);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
    await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute("content", "yes");
  }
});

test("Chromium's installability check passes", async ({ baseURL, viewport }, testInfo) => {
  test.skip(!isPhone(viewport?.width), "the check is the same at every width");
  // A test's usual context is off the record, where Chromium never offers installing: a profile on disk is not.
  const profile = mkdtempSync(path.join(tmpdir(), "waterside-install-"));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: viewport!,
  });
  try {
    waitForHydration(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    const devtools = await context.newCDPSession(page);
    const { errors, data } = await devtools.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    expect(JSON.parse(data!)).toMatchObject({ name: "Waterside" });
    await expect
      .poll(async () => (await devtools.send("Page.getInstallabilityErrors")).installabilityErrors)
      .toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

/** Makes the page's browser offer installing, as Chromium does once it judges the site installable. */
const offerInstall = (page: Page) =>
  page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: () => {
        document.documentElement.dataset.installPrompted = "";
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });

test("the menu offers Install app only once the browser does, and it opens the browser's dialog", async ({
  page,
  viewport,
}) => {
  test.skip(!isPhone(viewport?.width), "the menu is the phone's");
  await page.goto("/");
  const menu = page.getByRole("dialog", { name: "Menu" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu.getByRole("link", { name: "About us" })).toBeVisible();
  await expect(menu.getByRole("button", { name: "Install app" })).toHaveCount(0);
  await menu.getByRole("button", { name: "Close menu" }).click();

  await offerInstall(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("button", { name: "Install app" }).click();
  await expect(page.locator("html[data-install-prompted]")).toHaveCount(1);
  await expect(menu).toBeHidden();
  // The browser's offer is used once.
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu.getByRole("button", { name: "Install app" })).toHaveCount(0);
});

/**
 * The next release, as this browser sees it: the worker's address answers another script. The server cannot be given
 * a new build mid-run, and a route does not see the browser's own update check, so the release is told apart by a
 * query the server ignores: from `release()` on, every registration of /sw.js (the app's too, after a reload) is one
 * of /sw.js?release=next, whose script the browser installs as a new version.
 */
async function nextReleaseOnCall(page: Page) {
  await page.addInitScript(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (url, options) {
      const next = localStorage.getItem("test.next-release") === "1" && String(url) === "/sw.js";
      return register.call(this, next ? "/sw.js?release=next" : url, options);
    };
  });
  return () =>
    page.evaluate(() => {
      localStorage.setItem("test.next-release", "1");
      return navigator.serviceWorker.register("/sw.js").then(() => undefined);
    });
}

test("a new version waits for the user's Update, then the page reloads onto it", async ({ page, viewport }) => {
  test.skip(!isPhone(viewport?.width), "the same at every width");
  const worker = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return {
        active: registration?.active?.state ?? null,
        waiting: Boolean(registration?.waiting),
        controller: navigator.serviceWorker.controller?.scriptURL.replace(location.origin, "") ?? null,
      };
    });
  const release = await nextReleaseOnCall(page);
  await page.goto("/");
  // Installing precaches the public pages' code: seconds on a busy machine.
  await expect.poll(worker, { timeout: 30_000 }).toEqual({ active: "activated", waiting: false, controller: "/sw.js" });
  const prompt = page.getByRole("status").filter({ hasText: "Update available" });
  await expect(prompt).toHaveCount(0);

  await release();
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // It waits: the page stays on the version it started with until the user says so.
  expect(await worker()).toEqual({ active: "activated", waiting: true, controller: "/sw.js" });

  // Taking it reloads the page once, onto the new version.
  await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Update" }).click()]);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await expect
    .poll(worker, { timeout: 30_000 })
    .toEqual({ active: "activated", waiting: false, controller: "/sw.js?release=next" });
  await expect(prompt).toHaveCount(0);
});
