import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

/** Where the server started by playwright.config.ts writes development mail. */
const outbox = path.resolve(import.meta.dirname, "..", "..", process.env.E2E_DATA_DIR ?? "e2e/.data", "outbox");

/** The 4-digit code of the newest reset mail to this address, as the user would read it. */
async function resetCodeFor(email: string): Promise<string> {
  await expect
    .poll(async () => (await readdir(outbox).catch(() => [])).filter((file) => file.includes(email)).length)
    .toBeGreaterThan(0);
  const files = (await readdir(outbox)).filter((file) => file.includes(email)).sort();
  const mail = await readFile(path.join(outbox, files.at(-1)!), "utf8");
  const body = mail.slice(mail.indexOf("\n\n"));
  const code = body.match(/\b(\d{4})\b/)?.[1];
  expect(code, "reset code in the mail").toBeTruthy();
  return code!;
}

const signedInBar = (page: Page) => page.getByRole("link", { name: "Your profile" });

async function logOut(page: Page) {
  await signedInBar(page).click();
  await page.getByRole("navigation", { name: "Profile" }).getByRole("button", { name: "Logout" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(signedInBar(page)).toBeVisible();
}

test("a business registers, signs out and in, resets the password, edits the profile, saves an ad and deletes the account", async ({
  page,
}, testInfo) => {
  const email = `kollie-${testInfo.project.name}-${Date.now()}@example.com`;

  // Register in three steps; the form refuses a mismatched confirmation in the spec's words first.
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Register" }).click();
  const register = page.getByRole("form", { name: "Register" });
  await register.getByLabel("Name").fill("Kollie Solar Supplies");
  await register.getByLabel("Email").fill(email);
  await register.getByRole("textbox", { name: "Password", exact: true }).fill("sunny-days-1");
  await register.getByLabel("Confirm password").fill("sunny-days-2");
  await register.getByRole("button", { name: "Next" }).click();
  await expect(register.getByText("Passwords should match!")).toBeVisible();
  await expect(register.getByText("You must agree to the terms and privacy policy")).toBeVisible();
  await register.getByLabel("Confirm password").fill("sunny-days-1");
  await register.getByLabel(/I agree to the/).check();
  await register.getByRole("button", { name: "Next" }).click();

  await page.getByRole("radio", { name: /Business/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  const details = page.getByRole("form", { name: "Your details" });
  await details.getByLabel("Phone number").fill("231886555123");
  await details.getByLabel("Address").fill("Carey Street, Monrovia");
  await details.getByLabel("Company description").fill("Solar panels and batteries.");
  await details.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Register successful")).toBeVisible();
  await expect(signedInBar(page)).toBeVisible();

  await logOut(page);
  await logIn(page, email, "sunny-days-1");
  await logOut(page);

  // Forgot password: the code arrives by mail, the new password works, the old one no longer does.
  await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await page.getByRole("form", { name: "Forgot password" }).getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByText("Reset code sent successfully.")).toBeVisible();
  const reset = page.getByRole("form", { name: "Reset password" });
  await reset.getByLabel("Code").fill(await resetCodeFor(email));
  await reset.getByLabel("New password").fill("rainy-season-2");
  await reset.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Password reset successfully.")).toBeVisible();
  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("sunny-days-1");
  await login.getByRole("button", { name: "Login" }).click();
  await expect(login.getByText("email or password are not valid")).toBeVisible();
  await login.getByLabel("Password").fill("rainy-season-2");
  await login.getByRole("button", { name: "Login" }).click();
  await expect(signedInBar(page)).toBeVisible();

  // A new profile picture, cropped square in the browser and stored as WebP.
  // A seeded demo ad (oldest first), never one another journey is posting or deleting meanwhile.
  const [demoAd] = (
    await (await page.request.post("/api/ads/get", { data: { per_page: 1, sort_combined: "created_at|asc" } })).json()
  ).data.data as Array<{
    id: number;
    category_id: number;
    subcategory_id: number;
    images: Array<{ card_url: string }>;
  }>;
  const photo = await (await page.request.get(demoAd!.images[0]!.card_url)).body();
  await signedInBar(page).click();
  await page.getByRole("navigation", { name: "Profile" }).getByRole("button", { name: "Personal Details" }).click();
  await page.getByLabel("Change picture").setInputFiles({ name: "me.webp", mimeType: "image/webp", buffer: photo });
  await page.getByRole("dialog", { name: "Change picture" }).getByRole("button", { name: "Crop and use" }).click();
  await page.getByRole("form", { name: "Personal details" }).getByLabel("Company name").fill("Kollie Solar");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Updated!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Kollie Solar" })).toBeVisible();
  await expect(signedInBar(page).locator("img")).toHaveAttribute("src", /\/media\/profiles\/.+\.webp$/);

  // Save an ad from its page, find it under Saved Items, then undo.
  await page.goto(`/categories/${demoAd!.category_id}/${demoAd!.subcategory_id}/${demoAd!.id}`);
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!;
  await page.getByRole("button", { name: "Save ad" }).first().click();
  await expect(page.getByText("Saved!")).toBeVisible();
  await page.getByRole("link", { name: "Saved Items" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Saved ads" })).toBeVisible();
  await expect(page.getByRole("link", { name: title })).toBeVisible();

  // Still signed in after a reload, with the save remembered.
  await page.reload();
  await expect(signedInBar(page)).toBeVisible();
  await page.getByRole("button", { name: "Remove from saved" }).first().click();
  await expect(page.getByText("Undo Save successfuly!")).toBeVisible();
  await page.reload();
  await expect(page.getByText("No Saved Ads")).toBeVisible();

  // Saving several ads in a row says "Saved!" once, not a wall of the same toast: never more than three show.
  await page.goto("/");
  const savedButtons = page.locator("main").getByRole("button", { name: "Remove from saved" });
  for (let saved = 1; saved <= 4; saved++) {
    await page.locator("main").getByRole("button", { name: "Save ad" }).first().click();
    await expect.poll(() => savedButtons.count()).toBeGreaterThanOrEqual(saved);
  }
  await expect(page.getByText("Saved!")).toHaveCount(1);
  expect(await page.locator('[data-sonner-toast][data-visible="true"]').count()).toBeLessThanOrEqual(3);

  // Delete the account: confirmed, then signed out, and the email no longer signs in.
  await signedInBar(page).click();
  await page.getByRole("navigation", { name: "Profile" }).getByRole("button", { name: "Delete Account" }).click();
  await page.getByRole("button", { name: "Delete My Account" }).click();
  // The product's own dialogs, in the spec's words: first a chance to change one's mind, then the outcome.
  const confirmDelete = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(confirmDelete).toContainText("Are you sure you want to delete your account? This action is permanent.");
  await confirmDelete.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmDelete).toBeHidden();
  await expect(page).toHaveURL(/\/profile/);
  await page.getByRole("button", { name: "Delete My Account" }).click();
  await confirmDelete.getByRole("button", { name: "Delete" }).click();
  const deleted = page.getByRole("dialog", { name: "Account deleted" });
  await expect(deleted).toContainText("Your account has been deleted successfully.");
  await deleted.getByRole("button", { name: "OK" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("rainy-season-2");
  await login.getByRole("button", { name: "Login" }).click();
  await expect(login.getByText("email or password are not valid")).toBeVisible();
});

test("a visitor who tries to save is asked to log in, and comes back after", async ({ page }) => {
  await skipSignupPrompt(page);
  await page.goto("/");
  await page.locator("main article").first().getByRole("button", { name: "Save ad" }).click();
  const prompt = page.getByRole("dialog", { name: "Please log in" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("link", { name: "Login" }).click();
  await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
  await page.getByRole("form", { name: "Login" }).getByLabel("Email").fill("musu@demo.waterside.lr");
  await page.getByRole("form", { name: "Login" }).getByLabel("Password").fill("waterside-demo");
  await page.getByRole("form", { name: "Login" }).getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signedInBar(page)).toBeVisible();
});

// How to sell has no scripts (issue 31): Start Selling is a plain link to /sell, which asks a visitor to sign in
// and brings them back to the form.
test("a visitor's Start Selling on How to sell asks to log in, then opens the form", async ({ page }) => {
  await skipSignupPrompt(page);
  await page.goto("/how-to-sell");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await page.getByRole("link", { name: "Start Selling" }).click();
  const form = page.getByRole("form", { name: "Login" });
  await expect(form).toBeVisible();
  await form.getByLabel("Email").fill("musu@demo.waterside.lr");
  await form.getByLabel("Password").fill("waterside-demo");
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/sell$/);
  await expect(page.getByRole("heading", { level: 1, name: "Post an ad" })).toBeVisible();
});

test("a visitor is invited to sign up after 5 seconds on a public page", async ({ page }) => {
  // The pages' clock is the journey's: the seconds pass when it says so.
  await page.clock.install();
  await page.goto("/categories");
  const invitation = page.getByRole("dialog", { name: "Join Waterside" });
  await knowsVisitorIsSignedOut(page);
  await expect(invitation).toBeHidden();
  await page.clock.runFor(5000);
  await expect(invitation).toBeVisible();
  await invitation.getByRole("link", { name: "Sign up" }).click();
  await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
  // Once per browser session: not again on the next page, however long the visitor stays.
  await page.goto("/");
  await knowsVisitorIsSignedOut(page);
  await page.clock.runFor(60_000);
  await tasksDone(page);
  await expect(page.getByRole("dialog", { name: "Join Waterside" })).toBeHidden();
});

/** The page shows the visitor as signed out, and has run the effects of that render (a timer set by one included). */
async function knowsVisitorIsSignedOut(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
  await tasksDone(page);
}

/**
 * Waits until the page has run the tasks queued so far: React renders and runs effects from queued tasks (a
 * MessageChannel, which the test's clock does not hold back), so a dialog a fired timer opens is shown after this.
 */
const tasksDone = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
