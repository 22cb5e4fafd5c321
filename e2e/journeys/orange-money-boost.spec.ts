import { ORANGE_TEST_NUMBERS } from "@waterside/shared/payments-messages";
import { expect, test } from "./signed-in";
import { uniquePhotos } from "./photos";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

/**
 * Issue 30: a seller pays for a boost with an Orange Money number, written as Liberians write it; the wallet follows
 * the number (decision 087) and the payment goes through the local pawaPay sandbox, where any Orange number but its
 * failure numbers succeeds. A number without money fails first, with Orange's reason. A seller of its own (registered here) and a subcategory no other journey boosts in, so
 * neither this journey nor boost.spec.ts changes what the other sees.
 */
test("a seller boosts an ad paying with an Orange number typed as Liberians write it", async ({
  page,
  login,
}, testInfo) => {
  // Two payments with their spec'd waits (4 s before approval, 3 s before /profile) and an upload.
  test.setTimeout(180_000);
  const word = `Orange${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const title = `Helmet for Haojue ${word}`;
  await login({ name: "Kebbeh Motor Parts" });

  /** Second document §4 "Payment flow": the approval modal 4 seconds after the request; Confirm asks Orange's route. */
  const approve = async () => {
    const approval = page.getByRole("dialog", { name: "Approve the payment" });
    await expect(approval).toContainText("A notification was sent to your Mobile Money app", { timeout: 15_000 });
    await expect(approval).toContainText("Orange Money PIN");
    await approval.getByRole("button", { name: "Confirm" }).click();
  };

  await page.goto("/sell");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Motorbikes & Keke" });
  await page.getByLabel("Subcategory").selectOption({ label: "Motorbike Parts & Accessories" });
  await page.getByLabel("Location").selectOption("Sinkor, Montserrado");
  await page.getByLabel("Price (USD)").fill("35");
  await page.getByLabel("Description").fill("Strong helmet with visor, fits any Haojue rider. Come see it in Sinkor.");
  await page.getByLabel("+ Add photos").setInputFiles(await uniquePhotos(page, 2));
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(2);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("form", { name: "Product Details" })).toBeVisible();
  await page.getByLabel("Part Type").fill("Helmet");
  await page.getByLabel("Condition").selectOption("New");
  await page.getByRole("button", { name: "Next" }).click();

  const boostStep = page.getByRole("form", { name: "Boost" });
  await boostStep.getByRole("radio", { name: /^Standard Boost/ }).check();
  await boostStep.getByRole("button", { name: "Purchase" }).click();
  await expect(page.getByText("Ad Created!")).toBeVisible();

  // The number is asked once; the switch follows it to Orange Money, and it is charged in the spec's form.
  const phoneDialog = page.getByRole("dialog", { name: "Set Phone Number" });
  const phoneField = phoneDialog.getByLabel("Mobile Money number");
  const wallets = phoneDialog.getByRole("group", { name: "Pay with" });
  const orange = wallets.getByRole("radio", { name: "Orange Money" });
  const mtn = wallets.getByRole("radio", { name: "MTN MoMo" });
  const submit = phoneDialog.getByRole("button", { name: "Submit" });
  await expect(phoneDialog.getByLabel("Currency")).toHaveValue("USD");
  await phoneField.fill("0770 456 789");
  await expect(orange).toBeChecked();
  await expect(phoneDialog.getByText("We will charge 231770456789.")).toBeVisible();
  await expect(submit).toBeEnabled();
  // From the keyboard, the other wallet judges the number by its own rules (the spec's MTN message), and back.
  await orange.focus();
  await page.keyboard.press("ArrowRight");
  await expect(mtn).toBeChecked();
  await expect(phoneDialog.getByText("Invalid MTN MoMo number")).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.keyboard.press("ArrowLeft");
  await expect(orange).toBeChecked();
  await expect(phoneDialog.getByText("Invalid MTN MoMo number")).toHaveCount(0);
  await expect(submit).toBeEnabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

  // First from the sandbox's Orange number without money: Orange's reason, in the spec's sentence with Orange Money's
  // name (decision 087), and the seller stays.
  await phoneField.fill(ORANGE_TEST_NUMBERS.insufficientBalance);
  await expect(orange).toBeChecked();
  await submit.click();
  const confirmation = page.getByRole("dialog", { name: "Confirm your purchase" });
  await expect(confirmation).toContainText(
    `Orange Money number to be charged: ${ORANGE_TEST_NUMBERS.insufficientBalance}`,
  );
  await confirmation.getByRole("button", { name: "Pay $10" }).click();
  await approve();
  const reason = "There is not enough money in your Orange Money account.";
  await expect(page.getByText(`Payment failed! Orange Money Reason: ${reason}`)).toBeVisible();
  const failed = page.getByRole("dialog", { name: "Payment failed" });
  await expect(failed).toContainText(`Orange Money Reason: ${reason}`);
  await expect(page).toHaveURL(/\/sell(\/\d+)?$/);

  // Then from another number: the one typed first.
  await failed.getByRole("button", { name: "Use another number" }).click();
  await expect(phoneField).toHaveValue(ORANGE_TEST_NUMBERS.insufficientBalance);
  // ORANGE_TEST_NUMBERS.succeeds (231770456789), as Liberians write it.
  await phoneField.fill("0770 456 789");
  await expect(orange).toBeChecked();
  await submit.click();
  await expect(confirmation).toContainText("$10");
  await expect(confirmation).toContainText("Orange Money number to be charged: 231770456789");
  await confirmation.getByRole("button", { name: "Pay $10" }).click();
  await approve();
  await expect(page.getByText("Payment successful!")).toBeVisible();
  await expect(page.getByText("Payment process finished...")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });

  // The ad is boosted: its seller's boost panel on the ad page.
  await page.getByRole("list", { name: "Your ads" }).getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const panel = page.getByRole("region", { name: "Boost" });
  await expect(panel).toContainText("Standard Boost");
  await expect(panel).toContainText("Active");

  // The Subscriptions tab: the running boost, and the payment with its wallet and currency.
  await page.goto("/profile?tab=subscriptions");
  const subscription = page
    .getByRole("list", { name: "Ad subscriptions" })
    .getByRole("listitem")
    .filter({ hasText: title });
  await expect(subscription).toHaveCount(1);
  await expect(subscription).toContainText("Standard Boost");
  await expect(subscription).toContainText("Active");
  const payments = page.getByRole("list", { name: "Payments" }).getByRole("listitem").filter({ hasText: title });
  await expect(payments).toHaveCount(2);
  const paid = payments.filter({ hasText: "Completed" });
  await expect(paid).toContainText("US$ 10.00 with Orange Money from 231770456789");
  await expect(paid).toContainText("Orange Money transaction:");
  await expect(payments.filter({ hasText: "Failed" })).toContainText(`Orange Money Reason: ${reason}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});
