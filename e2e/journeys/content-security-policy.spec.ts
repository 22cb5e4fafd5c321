import type { Page } from "@playwright/test";
import { DEMO_ACCOUNTS, expect, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

/**
 * Every Content-Security-Policy violation on the page, both as Chromium logs it ("Refused to …") and as the
 * `securitypolicyviolation` event reports it (docs/decisions/031-security-headers.md).
 */
async function watchPolicy(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportPolicyViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() =>
    document.addEventListener(
      "securitypolicyviolation",
      (event) =>
        (window as unknown as { reportPolicyViolation(violation: string): void }).reportPolicyViolation(
          `${event.effectiveDirective} refused ${event.blockedURI || "an inline script or style"} (${event.sourceFile}:${event.lineNumber})`,
        ),
      true,
    ),
  );
  return violations;
}

/** A full, server-rendered load of the page: its inline scripts must run for it to hydrate. */
async function load(page: Page, path: string) {
  const response = await page.goto(path);
  const policy = response!.headers()["content-security-policy"] ?? "";
  const scripts = /(?:^|; )script-src ([^;]*)/.exec(policy)?.[1];
  expect(scripts, `the scripts ${path} may run`).toMatch(/^'self' 'nonce-[\w+/]+=*'$/);
}

/** Marks the window: a click that keeps the mark navigated in the hydrated app, not by reloading the page. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { mark?: number }).mark === 1);

test("public pages hydrate under the policy, which refuses an injected script", async ({ page }) => {
  const violations = await watchPolicy(page);

  await load(page, "/");
  await markWindow(page);
  await page.getByRole("region", { name: "Categories" }).getByRole("link", { name: "Vehicles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vehicles" })).toBeVisible();
  await page.getByRole("list", { name: "Subcategories" }).getByRole("link", { name: /^Cars/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Cars Ads" })).toBeVisible();
  expect(await stillMarked(page)).toBe(true);
  const listing = new URL(page.url()).pathname;

  // The listing and an ad page, each loaded whole: JSON-LD, React Router's context and the hydration loader.
  await load(page, listing);
  await markWindow(page);
  const ad = page.getByRole("region", { name: "Results" }).getByRole("link").first();
  const title = (await ad.textContent())!.trim();
  await ad.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.slice(0, 20));
  expect(await stillMarked(page)).toBe(true);
  const adPath = new URL(page.url()).pathname;
  await load(page, adPath);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title.slice(0, 20));
  await expect(page.locator('script[type="application/ld+json"]').first()).toBeAttached();

  await load(page, "/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page.getByRole("form", { name: "Register" })).toBeVisible();

  // Same-origin sockets (Socket.IO at /messages) are allowed by connect-src 'self'.
  const socket = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${location.origin.replace(/^http/, "ws")}/messages/?EIO=4&transport=websocket`);
        ws.onopen = () => (ws.close(), resolve("open"));
        ws.onerror = () => resolve("error");
      }),
  );
  expect(socket).toBe("open");
  expect(violations).toEqual([]);

  // What the policy is for: a script that found its way into the page does not run, and is reported.
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
  });
  await expect.poll(() => violations.some((violation) => violation.startsWith("script-src-elem refused"))).toBe(true);
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});

test("a seller picks and crops photos under the policy", async ({ page, login }) => {
  const violations = await watchPolicy(page);
  await login(DEMO_ACCOUNTS.joseph);
  await load(page, "/sell");
  await expect(page.getByRole("heading", { level: 1, name: "Post an ad" })).toBeVisible();
  // Photos become blob: previews; the cropper fetches its blob: and adds its own <style>.
  const png = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 800;
    canvas.height = 600;
    canvas.getContext("2d")!.fillRect(0, 0, 800, 600);
    return canvas.toDataURL("image/png").split(",")[1]!;
  });
  const photo = (name: string) => ({ name, mimeType: "image/png", buffer: Buffer.from(png, "base64") });
  await page.getByLabel("+ Add photos").setInputFiles([photo("a.png"), photo("b.png")]);
  const photos = page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ });
  await expect(photos).toHaveCount(2);
  const shown = (index: number) =>
    photos
      .nth(index)
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.naturalWidth);
  await expect.poll(() => shown(0)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Crop Photo 2" }).click();
  await page.getByRole("dialog", { name: "Crop photo" }).getByRole("button", { name: "Crop and use" }).click();
  await expect(page.getByRole("dialog", { name: "Crop photo" })).toBeHidden();
  await expect.poll(() => shown(1)).toBeGreaterThan(0);

  // The toast brings its own <style> too. The draft stays on this device.
  await page.getByLabel("Title", { exact: true }).fill("Policy check");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Saved To Draft!")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  expect(violations).toEqual([]);
});
