import { randomUUID } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminLogsIn } from "./admin-signed-in";
import { waitForHydration } from "./hydrated-page";
import { uniquePhotos } from "./photos";
import { expect, signInto, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";
import { visitorAddress } from "./visitor-address";

test.beforeEach(({ page }) => skipSignupPrompt(page));

/** Where the journeys' server keeps the texts its fake SMS gateway "sent" (phone-sign-in.spec.ts reads them too). */
const smsOutbox = path.resolve(import.meta.dirname, "..", "..", process.env.E2E_DATA_DIR ?? "e2e/.data", "sms-outbox");
const PASSWORD = "journey-pass-1";

/** The 6-digit code of the newest text to `e164`. */
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
  return newest!.body.match(/\b(\d{6})\b/)![1]!;
}

/**
 * A fresh individual whose MTN number (231 88…, which the MoMo sandbox pays from and to) is verified by its SMS code,
 * as a safe deal asks of both parties. Demo accounts are other journeys' already.
 */
async function verifiedAccount(request: APIRequestContext, name: string) {
  const headers = { "x-forwarded-for": visitorAddress() };
  const email = `deal-${randomUUID()}@example.com`;
  const registered = await request.post("/api/auth/register", {
    headers,
    data: {
      name,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      accept_terms: true,
      accept_policy: true,
      usertype_id: 1,
      platform: "web",
      device_id: randomUUID(),
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user, authorization } = (await registered.json()).data as {
    user: { id: number };
    authorization: { token: string };
  };
  const token = authorization.token;
  const authorized = { ...headers, authorization: `Bearer ${token}` };
  const national = `88${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
  const sent = await request.post("/api/user/phone/send-code", {
    headers: authorized,
    data: { phone_number: `0${national}` },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = await smsCodeFor(`+231${national}`);
  const verified = await request.post("/api/user/phone/verify", {
    headers: authorized,
    data: { phone_number: `0${national}`, code },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return { id: user.id, name, email, password: PASSWORD, token, phone: `231${national}` };
}

/** A car the seller posts through the API: priced over a safe deal's limit, so the buyer enters the amount agreed. */
async function postCar(page: Page, request: APIRequestContext, token: string, title: string) {
  const categories = (await (await request.get("/api/categories/active")).json()).data as Array<{
    id: number;
    subcategories: Array<{ id: number; name: string }>;
  }>;
  const category = categories.find((candidate) => candidate.subcategories.some((sub) => sub.name === "Cars"))!;
  const cars = category.subcategories.find((sub) => sub.name === "Cars")!;
  const form = new FormData();
  const fields = {
    title,
    category_id: String(category.id),
    subcategory_id: String(cars.id),
    location: "Sinkor, Montserrado",
    price: "4200",
    description: "Clean car, AC cold, papers complete. Come and see it in Sinkor.",
    "attributes[Brand]": "Toyota",
    "attributes[Year]": "2012",
    "attributes[Condition]": "Foreign Used",
    "attributes[Transmission]": "Automatic",
  };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const picture of await uniquePhotos(page, 2)) form.append("images[]", new Blob([picture.buffer]), picture.name);
  const posted = await request.post("/api/ads/create", {
    headers: { authorization: `Bearer ${token}` },
    multipart: form,
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const ad = (await posted.json()).data as { id: number };
  return `/categories/${category.id}/${cars.id}/${ad.id}`;
}

const noWiderThanTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );

/** Leaves a review of the other party on the deal's page: stars and a few words, as a keyboard user would. */
async function review(page: Page, otherName: string, stars: number, words: string) {
  const form = page.getByRole("form", { name: `Leave a review of ${otherName}` });
  await expect(form).toBeVisible({ timeout: 20_000 });
  await form.getByRole("radio", { name: `${stars} stars` }).check();
  await form.getByLabel("Your review").fill(words);
  await form.getByRole("button", { name: "Send review" }).click();
  await expect(page.getByText(`Thank you: your review is on ${otherName}'s profile.`)).toBeVisible();
  await expect(form).toHaveCount(0);
}

/**
 * The buyer opens the ad and pays a safe deal of US$ 150 from their MTN number through the boosts' payment flow, and
 * lands on the deal: paid, held. Returns the deal's address.
 */
async function buyerPays(page: Page, adPath: string, adTitle: string, phone: string) {
  await page.goto(adPath);
  await page.getByRole("button", { name: "Buy with Safe Deal" }).click();
  const start = page.getByRole("dialog", { name: "Buy with Safe Deal" });
  await expect(start.getByText("We hold the money; the seller cannot touch it yet.")).toBeVisible();
  // The amount starts as the ad's price, which is over a safe deal's limit: the buyer enters the amount agreed.
  const amount = start.getByLabel("Amount agreed");
  await expect(amount).toHaveValue("4200");
  await expect(start.getByText("A safe deal is at most US$ 500 or its L$ value.")).toBeVisible();
  await expect(start.getByRole("button", { name: "Continue to payment" })).toBeDisabled();
  await amount.fill("150");
  await noWiderThanTheScreen(page);
  await start.getByRole("button", { name: "Continue to payment" }).click();

  // The boosts' payment flow: the number, the confirmation, the approval.
  const phoneDialog = page.getByRole("dialog", { name: "Set Phone Number" });
  await phoneDialog.getByLabel("Mobile Money number").fill(phone);
  // The currency is the deal's, chosen with the amount: not asked again.
  await expect(phoneDialog.getByLabel("Currency")).toHaveCount(0);
  await phoneDialog.getByRole("button", { name: "Submit" }).click();
  const confirmation = page.getByRole("dialog", { name: "Confirm your purchase" });
  await expect(confirmation).toContainText(`Safe deal for “${adTitle}”`);
  await expect(confirmation).toContainText(phone);
  await confirmation.getByRole("button", { name: "Pay US$ 150.00" }).click();
  const approval = page.getByRole("dialog", { name: "Approve the payment" });
  await expect(approval).toContainText("A notification was sent to your Mobile Money app", { timeout: 15_000 });
  await approval.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Payment successful!")).toBeVisible();

  // The buyer lands on the deal: paid, held.
  await expect(page).toHaveURL(/\/deals\/\d+$/, { timeout: 15_000 });
  await expect(page.getByText("Paid, held", { exact: true })).toBeVisible();
  return new URL(page.url()).pathname;
}

test("a buyer pays a safe deal, gives the release code at handover, the seller is paid and both review each other", async ({
  page,
  browser,
  request,
  viewport,
  isMobile,
  hasTouch,
  baseURL,
}, testInfo) => {
  // Two verified accounts, an upload, a payment with its spec'd waits (4 s before approval, 3 s after), a payout.
  test.setTimeout(360_000);
  const run = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const seller = await verifiedAccount(request, `Sekou Seller ${run}`);
  const buyer = await verifiedAccount(request, `Bendu Buyer ${run}`);
  await page.goto("/");
  const adTitle = `Toyota Corolla 2012 safe deal ${run}`;
  const adPath = await postCar(page, request, seller.token, adTitle);

  // The buyer pays a safe deal from the ad page, and reads the release code shown large.
  await signInto(page.context(), request, { email: buyer.email, password: buyer.password });
  const dealPath = await buyerPays(page, adPath, adTitle, buyer.phone);
  await expect(page.getByText("Give this code to the seller only when you have the item.")).toBeVisible();
  const code = (await page
    .getByRole("region", { name: "Where the deal stands" })
    .getByText(/^\d{6}$/)
    .textContent())!;
  expect(code).toMatch(/^\d{6}$/);
  await noWiderThanTheScreen(page);

  // The seller, in a browser of their own, finds the deal in the Deals tab: "Paid, held".
  const sellerContext = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  waitForHydration(sellerContext);
  await signInto(sellerContext, request, { email: seller.email, password: seller.password });
  const sellerPage = await sellerContext.newPage();
  await skipSignupPrompt(sellerPage);
  await sellerPage.goto("/profile?tab=deals");
  const deals = sellerPage.getByRole("list", { name: "Deals" });
  const row = deals.getByRole("link", { name: new RegExp(adTitle) });
  await expect(row).toContainText("Paid, held");
  await expect(row).toContainText("US$ 150.00");
  await row.click();
  await expect(sellerPage).toHaveURL(new RegExp(`${dealPath}$`));
  await expect(sellerPage.getByText("Fee (3%)")).toBeVisible();
  await expect(sellerPage.getByText("US$ 145.50")).toBeVisible();
  // The seller never sees the buyer's code.
  await expect(sellerPage.getByText(code, { exact: true })).toHaveCount(0);

  // The deal's chat shows it too, with the way back to the code entry.
  await sellerPage.getByRole("link", { name: "Open the chat" }).click();
  const chatCard = sellerPage.getByRole("region", { name: "Safe deal" });
  await expect(chatCard).toContainText("Paid, held");
  await expect(chatCard).toContainText("US$ 150.00");
  await expect(chatCard.getByRole("link", { name: "Enter the code" })).toHaveAttribute("href", dealPath);
  // Each step is also a line of the chat, from the deal.
  await expect(
    sellerPage.getByRole("log", { name: "Messages" }).getByText(/^Safe deal · Paid, held · US\$ 150\.00$/),
  ).toBeVisible();
  await sellerPage.goBack();
  await expect(sellerPage).toHaveURL(new RegExp(`${dealPath}$`));

  // At the handover the buyer reads the code; a wrong one is refused under the field, the right one releases.
  const entry = sellerPage.getByRole("form", { name: "The buyer's release code" });
  const codeField = entry.getByLabel("The buyer's release code");
  const wrong = code === "000000" ? "111111" : "000000";
  await codeField.fill(wrong);
  await entry.getByRole("button", { name: "Release the money" }).click();
  await expect(entry.getByRole("alert")).toBeVisible();
  await codeField.fill(code);
  await entry.getByRole("button", { name: "Release the money" }).click();
  await expect(sellerPage.getByText("Released to the seller", { exact: true })).toBeVisible();
  // The payout through the MoMo sandbox's disbursement: the page reads the deal again until it is sent.
  // The payout is checked with the provider by the payouts' reconciler, every minute (decision 100).
  await expect(sellerPage.getByText("Payout sent")).toBeVisible({ timeout: 120_000 });
  await noWiderThanTheScreen(sellerPage);

  // Both review each other, once.
  await review(sellerPage, buyer.name, 5, "Paid on time and came to see the car as agreed.");
  await expect(page.getByText("Released to the seller", { exact: true })).toBeVisible({ timeout: 20_000 });
  await review(page, seller.name, 4, "Car as described. The safe deal made paying a stranger easy.");

  // The buyer's review shows on the seller card, marked as from a verified deal.
  await page.goto(adPath);
  const card = page.getByRole("region", { name: "Seller" });
  const fromDeals = card.getByRole("region", { name: "Reviews from deals" });
  await expect(fromDeals).toContainText("4.0");
  await expect(fromDeals).toContainText("from 1 deal");
  await expect(fromDeals).toContainText("Verified deal");
  await expect(fromDeals).toContainText("Car as described.");

  // And the seller's review of the buyer on the buyer's profile.
  await page.goto(`/profile/${buyer.id}`);
  await expect(page.getByRole("region", { name: "Reviews from deals" })).toContainText("Paid on time");
  await sellerContext.close();
});

test("a buyer disputes a held deal and the team, reading its trail and chat, refunds it with a note", async ({
  page,
  browser,
  request,
  viewport,
  isMobile,
  hasTouch,
  baseURL,
}, testInfo) => {
  test.setTimeout(360_000);
  const run = `${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const seller = await verifiedAccount(request, `Kollie Seller ${run}`);
  const buyer = await verifiedAccount(request, `Musu Buyer ${run}`);
  await page.goto("/");
  const adTitle = `Toyota Corolla 2012 disputed deal ${run}`;
  const adPath = await postCar(page, request, seller.token, adTitle);
  await signInto(page.context(), request, { email: buyer.email, password: buyer.password });
  const dealPath = await buyerPays(page, adPath, adTitle, buyer.phone);

  // The car is not as the ad said: the buyer keeps the code and opens a dispute; the reason is required.
  await page.getByRole("button", { name: "Open a dispute" }).click();
  const dispute = page.getByRole("dialog", { name: "Open a dispute" });
  await dispute.getByRole("button", { name: "Open the dispute" }).click();
  await expect(dispute.getByText("Choose what went wrong.")).toBeVisible();
  await dispute.getByLabel("What went wrong?").selectOption({ label: "The item is not as described" });
  await dispute.getByLabel("Details").fill("The AC does not work; the ad said AC cold.");
  await dispute.getByRole("button", { name: "Open the dispute" }).click();
  await expect(page.getByText("Disputed", { exact: true })).toBeVisible();
  await expect(page.getByText("The money stays held until our team decides.", { exact: true })).toBeVisible();

  // The team's queue lists it; its page shows what was said, the trail and the chat, and takes the decision.
  const adminContext = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  waitForHydration(adminContext);
  await adminContext.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
  const adminPage = await adminContext.newPage();
  await adminLogsIn(adminPage);
  await adminPage.goto("/admin/disputes");
  await expect(adminPage.getByRole("button", { name: "Disputes" })).toHaveAttribute("aria-pressed", "true");
  await adminPage.getByRole("link", { name: new RegExp(adTitle) }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin${dealPath}$`));
  await expect(adminPage.getByText("The AC does not work; the ad said AC cold.")).toBeVisible();
  await expect(adminPage.getByRole("region", { name: "Trail" }).getByRole("listitem").first()).toBeVisible();
  await expect(adminPage.getByRole("region", { name: "Chat" })).toBeVisible();
  const decide = adminPage.getByRole("form", { name: "Decide" });
  await decide.getByRole("button", { name: "Save the decision" }).click();
  await expect(decide.getByText("Choose release or refund.")).toBeVisible();
  await decide.getByLabel("Refund the buyer").check();
  await decide.getByLabel("Note").fill("The seller agrees the AC does not work.");
  await decide.getByRole("button", { name: "Save the decision" }).click();
  await adminPage.getByRole("dialog", { name: "Refund the buyer" }).getByRole("button", { name: "Refund" }).click();
  await expect(adminPage.getByText("Refunded to the buyer", { exact: true }).first()).toBeVisible();
  await expect(decide).toHaveCount(0);
  await adminContext.close();

  // The buyer's page follows: refunded, the team's note, and the refund sent to their wallet.
  await expect(page.getByText("Refunded to the buyer", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Our team: The seller agrees the AC does not work.")).toBeVisible();
  await expect(page.getByText("Refund sent")).toBeVisible({ timeout: 120_000 });
});
