import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  ADMIN,
  holdAdminAccount,
  isPhone,
  knownEnrolment,
  passesSecondFactor,
  releaseAdminAccount,
} from "./admin-signed-in";
import { expect, test } from "./signed-in";

/**
 * Issue 27: admins sign in with a code from an authenticator app. The second demo admin (seed-demo.ts
 * DEMO_SECOND_ADMIN) is seeded without one, so the first journey of a run that signs them in sets it up; the demo
 * admin's own code step is gone through by admin.spec.ts on a phone, and by the API sign-in whose session the other
 * admin journeys share (adminLogsIn). The second admin is held by one journey at a time (this file's two).
 */
const MODERATOR = { email: "moderator@demo.waterside.lr", password: ADMIN.password };

test.beforeEach(() => holdAdminAccount(MODERATOR.email));
test.afterEach(() => releaseAdminAccount(MODERATOR.email));

/** As accessibility.spec.ts checks pages (issue 26): no critical, serious or moderate axe violation. */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const found = violations.filter((violation) => ["critical", "serious", "moderate"].includes(violation.impact ?? ""));
  expect(found.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`)).toEqual(
    [],
  );
}

async function passwordStep(page: Page) {
  await page.goto("/admin");
  await page.getByLabel("Email").fill(MODERATOR.email);
  await page.getByLabel("Password", { exact: true }).fill(MODERATOR.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Signs in; at the first sign-in of the run this sets the authenticator up and signs in again from a new visit. */
async function toCodeStep(page: Page) {
  await passwordStep(page);
  const setup = page.getByRole("heading", { name: "Set up your authenticator" });
  await expect(setup.or(page.getByLabel("Authentication code"))).toBeVisible();
  if (!(await setup.isVisible())) return;
  await expect(page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/)).toBeVisible();
  await expectAccessible(page);
  const recoveryCodes = await passesSecondFactor(page, MODERATOR.email);
  expect(recoveryCodes).toHaveLength(10);
  await page.evaluate(() => localStorage.removeItem("waterside.admin-session"));
  await passwordStep(page);
}

test("an admin signs in with the code of their authenticator app", async ({ page, viewport }) => {
  await toCodeStep(page);
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expectAccessible(page);
  // Checked before anything is sent: a short code costs no try.
  await code.fill("123");
  await page.keyboard.press("Enter");
  await expect(page.getByText("The code is 6 digits")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport!.width);

  await passesSecondFactor(page, MODERATOR.email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
});

test("an admin without their phone signs in with a recovery code", async ({ page, viewport }) => {
  test.skip(isPhone(viewport?.width), "one recovery code a run is enough; the desktop run spends it");
  await toCodeStep(page);
  const { recoveryCodes } = knownEnrolment(MODERATOR.email)!;
  await page.getByRole("button", { name: "Use a recovery code" }).click();
  await page.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText("You signed in with a recovery code.", { exact: false })).toBeVisible();
});
