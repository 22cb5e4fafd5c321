import type { Page } from "@playwright/test";
import { ADMIN, adminLogsIn, adminSignsIn, holdAdminAccount, isPhone, releaseAdminAccount } from "./admin-signed-in";
import { waitForHydration } from "./hydrated-page";
import { expect, test } from "./signed-in";

/**
 * The support admin (seed-demo.ts DEMO_SUPPORT_ADMIN), whom no other journey signs in: admin-two-factor.spec.ts signs
 * the second admin in meanwhile, and two journeys signing one admin in wait for each other's codes.
 */
const SUPPORT = { name: "Jallah Kpoto", email: "support@demo.waterside.lr", password: ADMIN.password };

// With their authenticator's code (issue 27), set up at their first sign-in; held by one journey at a time.
const supportLogsIn = (page: Page) => adminSignsIn(page, SUPPORT);
test.beforeEach(() => holdAdminAccount(SUPPORT.email));
test.afterEach(() => releaseAdminAccount(SUPPORT.email));

const adminToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("waterside.admin-session")!).authorization.token as string);

test("on a phone, the Admins page lists the admins and its row menu works by keyboard", async ({ page, viewport }) => {
  test.skip(!isPhone(viewport?.width), "the desktop run suspends an admin below");
  await adminLogsIn(page);
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Admins" }).click();
  await expect(page).toHaveURL(/\/admin\/admins$/);
  const table = page.getByRole("table", { name: "Admins" });
  await expect(table.getByRole("row").filter({ hasText: "Waterside Admin" })).toContainText("You");
  const supportRow = table.getByRole("row").filter({ hasText: SUPPORT.name });
  await expect(supportRow).toBeVisible();
  // The desktop journey may be suspending them at this moment: this one changes nothing, it only asks and cancels.
  const menu = supportRow.getByLabel(`Actions for ${SUPPORT.name}`);
  await menu.focus();
  await page.keyboard.press("Enter");
  await supportRow.getByRole("button", { name: /^(Suspend|Reactivate) admin$/ }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /^(Suspend|Reactivate) this admin\?$/ });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
});

test("an admin suspends another: the other's open page goes to the login, which refuses them until reactivated", async ({
  browser,
  page,
  request,
  viewport,
  baseURL,
}) => {
  test.skip(isPhone(viewport?.width), "the suspension journey runs on a desktop; the phone run reads the page above");
  await adminLogsIn(page);
  const headers = { authorization: `Bearer ${await adminToken(page)}` };
  const admins = (await (await request.get("/api/admin/admins", { headers })).json()).data.data as {
    id: number;
    email: string;
  }[];
  const supportId = admins.find((admin) => admin.email === SUPPORT.email)!.id;
  // A retried run may find them suspended by the first attempt: start from Active.
  expect(
    (await request.patch(`/api/admin/admins/${supportId}/status`, { headers, data: { status: "Active" } })).ok(),
  ).toBe(true);

  // The support admin is signed in, in a browser of their own.
  const supportContext = await browser.newContext({ viewport, baseURL });
  waitForHydration(supportContext);
  const support = await supportContext.newPage();
  await supportLogsIn(support);
  await expect(support).toHaveURL(/\/admin\/dashboard$/);

  await page.getByRole("navigation").getByRole("link", { name: "Admins" }).click();
  const row = page.getByRole("table", { name: "Admins" }).getByRole("row").filter({ hasText: SUPPORT.name });
  await expect(row).toContainText("Active");
  await row.getByLabel(`Actions for ${SUPPORT.name}`).click();
  await row.getByRole("button", { name: "Suspend admin" }).click();
  await page
    .getByRole("dialog", { name: "Suspend this admin?" })
    .getByRole("button", { name: "Suspend admin" })
    .click();
  await expect(page.getByText("Updated!")).toBeVisible();
  await expect(row).toContainText("Suspended");

  // The support admin's next call is refused and their page goes back to the admin login.
  await support.getByRole("navigation").getByRole("link", { name: "Users", exact: true }).click();
  await expect(support).toHaveURL(/\/admin$/);
  await supportLogsIn(support);
  await expect(support.getByText("This admin account is suspended. Ask another admin to reactivate it.")).toBeVisible();
  await expect(support).toHaveURL(/\/admin$/);

  // Reactivated, they sign in again.
  await row.getByLabel(`Actions for ${SUPPORT.name}`).click();
  await row.getByRole("button", { name: "Reactivate admin" }).click();
  await page
    .getByRole("dialog", { name: "Reactivate this admin?" })
    .getByRole("button", { name: "Reactivate admin" })
    .click();
  await expect(row).toContainText("Active");
  await supportLogsIn(support);
  await expect(support).toHaveURL(/\/admin\/dashboard$/);
  await supportContext.close();

  // Both changes are in the audit log, against the support admin.
  await page.goto(`/admin/audit-log?target_type=admin&target_id=${supportId}`);
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log.getByRole("row").nth(1)).toContainText(`Admin #${supportId} reactivated: Suspended → Active`);
  await expect(log.getByRole("row").nth(2)).toContainText(`Admin #${supportId} suspended: Active → Suspended`);
});
