import type { APIRequestContext, Page } from "@playwright/test";
import { BRAND } from "@waterside/shared/brand";
import { EXCHANGE_RATE_MESSAGES } from "@waterside/shared/exchange-rates";
import { adminLogsIn, isPhone } from "./admin-signed-in";
import { expect, test } from "./hydrated-page";

/**
 * Issue 30 "Exchange rate" (decision 086): the demo admin sets the US$→L$ rate on its screen, sees it in force and at
 * the head of the history, then reads it in the audit log. The phone and desktop runs set rates of their own, maybe at
 * the same moment, so neither counts on the other's; each ends by setting again the rate in force before any journey
 * (the newest not marked as a journey's), so the rest of the demo prices at the rate it was seeded with.
 */

/** What every rate a journey sets carries in its note. */
const JOURNEY_MARK = "(journey)";

/** The signed-in admin's token, for the journey's own clean-up through the API (no second login to count). */
const adminToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("waterside.admin-session")!).authorization.token as string);

/** Sets again the newest rate that no journey set. */
async function restoreDemoRate(page: Page, request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await adminToken(page)}` };
  const history = await request.get("/api/admin/exchange-rates", { headers });
  const rows = (await history.json()).data.data as Array<{ usd_lrd: number; note: string }>;
  const demo = rows.find((row) => !row.note.includes(JOURNEY_MARK));
  if (!demo) return;
  const restored = await request.post("/api/admin/exchange-rates", {
    headers,
    data: { usd_lrd: demo.usd_lrd, note: `Set again after a journey ${JOURNEY_MARK}` },
  });
  expect(restored.status(), await restored.text()).toBe(201);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("an admin sets the exchange rate and finds it in force, in the history and in the audit log", async ({
  page,
  request,
  viewport,
}, testInfo) => {
  // An admin's sign-in (maybe waiting for the next authenticator code) and three screens.
  test.setTimeout(120_000);
  const phone = isPhone(viewport?.width);
  const [rate, shown] = phone ? ["193.75", "L$ 193.75"] : ["194.2", "L$ 194.20"];
  const note = `CBL ${testInfo.project.name} ${Date.now().toString(36)} ${JOURNEY_MARK}`;
  const openPage = async (name: string) => {
    // On a phone the sidebar is a drawer behind Menu.
    if (phone) await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("navigation").getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  };

  await adminLogsIn(page);
  try {
    await openPage("Exchange rate");
    await expect(page).toHaveURL(/\/admin\/exchange-rate$/);
    const inForce = page.getByRole("region", { name: "Rate in force" });
    await expect(inForce.getByText(/^L\$ [\d,.]+$/)).toBeVisible();
    const history = page.getByRole("table", { name: "Exchange rate history" });
    await expect(history.getByRole("row").nth(1)).toBeVisible();

    // The form's own checks, in the contract's words, before anything is sent.
    const rateField = page.getByLabel("Liberian dollars (L$) for one US$");
    const source = page.getByLabel("Source");
    await page.getByRole("button", { name: "Save rate" }).click();
    await expect(page.getByText(EXCHANGE_RATE_MESSAGES.rateRequired)).toBeVisible();
    await expect(rateField).toHaveAttribute("aria-invalid", "true");
    await rateField.fill("192.12345");
    await page.getByRole("button", { name: "Save rate" }).click();
    await expect(page.getByText(EXCHANGE_RATE_MESSAGES.rateInvalid)).toBeVisible();

    if (phone) {
      await rateField.fill(rate);
      await source.fill(note);
      await page.getByRole("button", { name: "Save rate" }).click();
    } else {
      // With the keyboard alone: the rate, Tab to its source, Enter to save.
      await rateField.fill("");
      await rateField.focus();
      await page.keyboard.type(rate);
      await page.keyboard.press("Tab");
      await expect(source).toBeFocused();
      await page.keyboard.type(note);
      await page.keyboard.press("Enter");
    }
    await expect(page.getByText(EXCHANGE_RATE_MESSAGES.saved)).toBeVisible();
    await expect(rateField).toHaveValue("");

    // In force, and at the head of the history with the admin who set it.
    await expect(inForce.getByText(shown, { exact: true })).toBeVisible();
    await expect(inForce).toContainText(note);
    const newest = history.getByRole("row").nth(1);
    await expect(newest).toContainText(shown);
    await expect(newest).toContainText(note);
    await expect(newest).toContainText(`${BRAND} Admin`);
    await expect(newest).toContainText(/[+−][\d.,]+ \([+−][\d.]+%\)|No change/);

    // The audit log reads it as a sentence: the new rate, the one it replaced, where it comes from.
    await openPage("Audit log");
    const entry = page
      .getByRole("table", { name: "Audit log" })
      .getByText(
        new RegExp(`^Exchange rate set to ${escaped(shown)} per US\\$ \\(was L\\$ [\\d,.]+\\): ${escaped(note)}$`),
      );
    await expect(entry).toBeVisible();
  } finally {
    await restoreDemoRate(page, request);
  }
});
