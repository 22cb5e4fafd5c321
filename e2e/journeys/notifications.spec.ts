import { expect, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

/** One demo account per screen size: the two runs change settings side by side (decision 042). */
const accountFor = (project: string) =>
  project === "phone-360" ? { email: "comfort@demo.waterside.lr" } : { email: "mohammed@demo.waterside.lr" };

test("a user turns chat emails off and on from settings, and the choice stays", async ({ page, login }, testInfo) => {
  await login(accountFor(testInfo.project.name));
  await page.goto("/settings");
  // The settings page's own link; the top bar's bell is a link named Notifications too (issue 29).
  await page
    .getByRole("main")
    .getByRole("link", { name: /Notifications/ })
    .click();
  await expect(page).toHaveURL(/\/settings\/notifications$/);
  const email = page.getByRole("checkbox", { name: /Email/ });
  await expect(email).toBeVisible();
  const before = await email.isChecked();

  // Each change is saved before the page is loaded again, as a user who sees "Updated!" would.
  const saved = () =>
    page.waitForResponse((response) => response.url().endsWith("/api/user/notification-settings") && response.ok());
  await email.focus();
  await Promise.all([saved(), page.keyboard.press("Space")]);
  await expect(page.getByText("Updated!")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Email/ })).toBeChecked({ checked: !before });

  await Promise.all([saved(), page.getByRole("checkbox", { name: /Email/ }).click()]);
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Email/ })).toBeChecked({ checked: before });
  await expect(page.getByRole("checkbox", { name: /Notifications on this device/ })).toBeVisible();
});
