import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { adminLogsIn, isPhone } from "./admin-signed-in";
import { expect, test } from "./hydrated-page";

const PHONE_WIDTH = 360;

/** No part of the page reaches past the screen's edge: a table may scroll inside its frame, the page never. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
}

/** The admin's tables as a phone shows them, once their rows have arrived. */
async function openTable(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByText(/^Total: \d+/)).toBeVisible();
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

/** axe's landmark rules (issue 26): everything inside a landmark, a table that scrolls reachable by keyboard. */
async function expectInLandmarks(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withRules(["region", "scrollable-region-focusable"]).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`)).toEqual([]);
}

test("on a phone, every admin page fits the screen, the audit log reads as sentences and an export says what it takes", async ({
  page,
  viewport,
}) => {
  test.skip(!isPhone(viewport?.width), "the admin area at 360 px; the desktop has room for it");
  // One sign-in: the demo admin's sign-ins per address are few and the admin journeys share them (decision 032).
  await adminLogsIn(page);

  // The dashboard was 423 px wide: a long name or email in Latest users stretched its panel.
  await expect(page.getByRole("heading", { name: "Latest users" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Number of users/ })).toBeVisible();
  await expectNoSidewaysScroll(page);

  for (const path of ["/admin/users", "/admin/ads", "/admin/ads-reports", "/admin/users-reports"]) {
    await openTable(page, path);
    await expectNoSidewaysScroll(page);
  }
  await expectInLandmarks(page);

  // The audit log says what happened, in words and the spec's status names, never field ids or JSON.
  await openTable(page, "/admin/audit-log");
  await expectNoSidewaysScroll(page);
  await expectInLandmarks(page);
  const happened = page.getByRole("table", { name: "Audit log" }).getByRole("cell");
  await expect(
    happened
      .filter({ hasText: /report #\d+ (resolved|taken under review|reopened): (Unresolved|Under Review) → / })
      .first(),
  ).toBeVisible();
  const sentences = await happened.allInnerTexts();
  expect(sentences.length).toBeGreaterThan(0);
  for (const sentence of sentences) {
    expect(sentence).not.toMatch(/_id\b|status_id|[{}]|"\w+":/);
    // Who and when go under each sentence on a phone.
    expect(sentence).toMatch(/^.+ · .+\d{1,2}:\d\d/s);
  }

  // Export CSV first tells which users it takes and how many, and starts nothing until asked.
  await openTable(page, "/admin/users?status=Active");
  const total = (await page.getByText(/^Total: \d+/).innerText()).replace(/\D/g, "");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Export to CSV?" });
  await expect(dialog).toContainText(`Active users: ${Number(total).toLocaleString("en-US")} rows`);
  await expect(dialog).toContainText("emails and phone numbers");
  const downloads: string[] = [];
  page.on("download", (download) => downloads.push(download.suggestedFilename()));
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeEnabled();
  expect(downloads).toEqual([]);
});
