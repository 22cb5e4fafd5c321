import AxeBuilder from "@axe-core/playwright";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./signed-in";
import { uniquePhotos } from "./photos";
import { skipSignupPrompt } from "./signup-prompt";

/** Where the server started by playwright.config.ts keeps the texts its fake SMS gateway "sent", one JSON file each. */
const smsOutbox = path.resolve(import.meta.dirname, "..", "..", process.env.E2E_DATA_DIR ?? "e2e/.data", "sms-outbox");

/**
 * A Liberian mobile number no other run has used: 088 and seven random digits, typed as people write it, "0881234567"
 * (`national`) or "+231 88 123 4567"; `e164` is how the gateway addresses it.
 */
function newNumber(written: "national" | "international") {
  const national = `88${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  const typed =
    written === "national"
      ? `0${national}`
      : `+231 ${national.slice(0, 2)} ${national.slice(2, 5)} ${national.slice(5)}`;
  return { typed, e164: `+231${national}` };
}

/** The 6-digit code of the newest text to `e164`, as its owner would read it. */
async function smsCodeFor(e164: string): Promise<string> {
  const texts = async () => {
    const files = (await readdir(smsOutbox).catch(() => [])).filter((file) => file.endsWith(".json"));
    const read = await Promise.all(
      files.map((file) =>
        readFile(path.join(smsOutbox, file), "utf8")
          .then((text) => JSON.parse(text) as { to: string; body: string; time: string | number })
          .catch(() => null),
      ),
    );
    return read.filter((sms) => sms !== null && sms.to === e164);
  };
  await expect.poll(async () => (await texts()).length, { message: `an SMS to ${e164}` }).toBeGreaterThan(0);
  const [newest] = (await texts()).sort((a, b) => new Date(b!.time).getTime() - new Date(a!.time).getTime());
  const code = newest!.body.match(/\b(\d{6})\b/)?.[1];
  expect(code, "the code in the SMS").toBeTruthy();
  return code!;
}

const noWiderThanTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** axe finds nothing serious on the screen as it is now (the rules accessibility.spec.ts runs on every page). */
async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const found = violations
    .filter((violation) => ["critical", "serious", "moderate"].includes(violation.impact ?? ""))
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
  expect(found, `axe on ${page.url()}`).toEqual([]);
}

test.beforeEach(({ page }) => skipSignupPrompt(page));

test("a newcomer registers with a phone number and the SMS code, posts an ad and sees the verified badge on it", async ({
  page,
}, testInfo) => {
  const { typed, e164 } = newNumber("national");
  const name = `Kebbeh Flomo ${testInfo.project.name}`;

  // "Continue with phone" swaps in a single field, which takes the focus.
  await page.goto("/auth");
  await page.getByRole("button", { name: "Continue with phone" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Continue with phone" })).toBeVisible();
  const number = page.getByRole("form", { name: "Send a code by SMS" }).getByLabel("Phone number");
  await expect(number).toBeFocused();
  await expect(number).toHaveAttribute("type", "tel");
  await expect(number).toHaveAttribute("autocomplete", "tel");

  // What cannot be a number is refused under the field, in the contract's words; no text is sent for it.
  await number.fill("12345");
  await number.press("Enter");
  await expect(page.getByText("Phone number not valid")).toBeVisible();

  // The number as people write it, sent with the keyboard; the code field comes focused, ready for the SMS.
  await number.fill(typed);
  await number.press("Enter");
  const codeForm = page.getByRole("form", { name: "Enter the code" });
  const code = codeForm.getByLabel("6-digit code");
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(codeForm.getByText(typed)).toBeVisible();
  await expect(codeForm.getByRole("button", { name: /^Resend code in [01]:\d\d$/ })).toBeDisabled();

  // "Change number" goes back with the number kept; the same number again returns to the code already sent.
  await codeForm.getByRole("button", { name: "Change number" }).click();
  await expect(number).toBeFocused();
  await expect(number).toHaveValue(typed);
  await number.press("Enter");
  await expect(code).toBeFocused();
  await expect(codeForm.getByRole("button", { name: /^Resend code in [01]:\d\d$/ })).toBeDisabled();

  // A wrong code is refused under the field; the right one, pasted with a space, goes through by itself.
  const right = await smsCodeFor(e164);
  const wrong = right.slice(0, 5) + String((Number(right[5]) + 1) % 10);
  await code.fill(wrong);
  await expect(codeForm.getByText("Invalid or expired code")).toBeVisible();
  await code.fill(`${right.slice(0, 3)} ${right.slice(3)}`);
  await expect(code).toHaveValue(right);

  // No account has this number: the same screen asks for a name, the account type and the terms.
  await expect(codeForm.getByText("No account has this number yet.", { exact: false })).toBeVisible();
  await expect(codeForm.getByLabel("Name")).toBeFocused();
  await expect(codeForm.getByRole("radio", { name: /Individual/ })).toBeChecked();
  await noWiderThanTheScreen(page);
  await codeForm.getByRole("button", { name: "Create account" }).click();
  await expect(codeForm.getByText("Name is required")).toBeVisible();
  await expect(codeForm.getByText("You must agree to the terms and privacy policy")).toBeVisible();
  await expectAccessible(page);
  await codeForm.getByLabel("Name").fill(name);
  await codeForm.getByLabel(/I agree to the/).check();
  await codeForm.getByRole("button", { name: "Create account" }).click();

  // Signed in, where a login lands.
  await expect(page.getByText("Register successful")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Your profile" })).toBeVisible();

  // A first ad, as selling.spec.ts posts one, kept to what is required.
  const title = `Wax print lappa ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.getByRole("banner").getByRole("link", { name: "Sell", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Post an ad" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Fashion" });
  await page.getByLabel("Subcategory").selectOption({ label: "Fabrics & Lappa" });
  await page.getByLabel("Location").selectOption("Sinkor, Montserrado");
  await page.getByLabel("Price (USD)").fill("25");
  await page
    .getByLabel("Description")
    .fill("Six yards of Dutch wax print, bright colours, never cut. Red Light market.");
  await page.getByLabel("+ Add photos").setInputFiles(await uniquePhotos(page, 2));
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(2);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("form", { name: "Product Details" })).toBeVisible();
  await page.getByLabel("Fabric Type").fill("Wax Print");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("form", { name: "Boost" })).toBeVisible();
  await page.getByRole("button", { name: "Skip and post" }).click();
  await expect(page.getByText("Ad Created!")).toBeVisible();

  // The ad's seller card says the seller's phone is verified.
  await page.getByRole("list", { name: "Your ads" }).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const seller = page.getByRole("region", { name: "Seller" });
  await expect(seller.getByRole("link", { name })).toBeVisible();
  await expect(seller.getByText("Verified phone")).toBeVisible();
  await noWiderThanTheScreen(page);

  // Personal Details show the number verified, and an account without an email saves its other details.
  await page.goto("/profile?tab=details");
  const details = page.getByRole("form", { name: "Personal details" });
  await expect(details.getByLabel("Phone number")).toHaveValue(e164);
  await expect(details.getByText("Verified phone")).toBeVisible();
  await expect(details.getByLabel("Email")).toHaveValue("");
  await details.getByLabel("Bio").fill("Lappa and wax print from Red Light market.");
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Updated!")).toBeVisible();
});

/** A demo seller no other journey signs in as: this one changes its phone number. */
const VERIFIER = { email: "building@demo.waterside.lr" };

test("a signed-in seller verifies a new phone number from Personal Details", async ({ page, login }) => {
  const { typed, e164 } = newNumber("international");
  await login(VERIFIER);
  await page.goto("/profile?tab=details");

  // A number typed over the saved one is not verified until its own code comes back.
  const details = page.getByRole("form", { name: "Personal details" });
  await details.getByLabel("Phone number").fill(typed);
  await details.getByRole("button", { name: "Verify phone" }).click();

  // The same number→code flow, in the product's dialog, starting from the typed number.
  const dialog = page.getByRole("dialog", { name: "Verify phone" });
  const number = dialog.getByLabel("Phone number");
  await expect(number).toHaveValue(typed);
  await dialog.getByRole("button", { name: "Send code" }).click();
  const code = dialog.getByLabel("6-digit code");
  await expect(code).toBeFocused();
  await expect(dialog.getByRole("button", { name: /^Resend code in [01]:\d\d$/ })).toBeDisabled();
  await noWiderThanTheScreen(page);
  await expectAccessible(page);
  await code.fill(await smsCodeFor(e164));

  await expect(page.getByText("Your phone number is verified.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(details.getByText("Verified phone")).toBeVisible();
  await expect(details.getByRole("button", { name: "Verify phone" })).toHaveCount(0);

  // The server keeps it: a fresh visit shows the number verified.
  await page.reload();
  await expect(details.getByLabel("Phone number")).toHaveValue(/^\+?231/);
  await expect(details.getByText("Verified phone")).toBeVisible();
});
