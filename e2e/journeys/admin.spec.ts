import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN, adminLogsIn, isPhone, passesSecondFactor } from "./admin-signed-in";
import { waitForHydration } from "./hydrated-page";
import { expect, signInto, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

/** The seller whose ad is reported and hidden: no other journey uses this account's ads. */
const REPORTED_SELLER = "realty@demo.waterside.lr";

test.beforeEach(({ page }) => skipSignupPrompt(page));

/** The signed-in admin's token, for the journey's own checks through the API (no second login to count). */
const adminToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem("waterside.admin-session")!).authorization.token as string);

/** One of the seller's active ads, found as the admin tables find it. */
async function adOfSeller(request: APIRequestContext, token: string, email: string) {
  const headers = { authorization: `Bearer ${token}` };
  const users = await (await request.get(`/api/admin/users?search=${encodeURIComponent(email)}`, { headers })).json();
  const sellerId = users.data.data[0].id as number;
  const ads = await (
    await request.post("/api/admin/ads", { headers, data: { user_id: sellerId, status: "Active", per_page: 30 } })
  ).json();
  // A title no other ad shares, so a search for it tells whether this ad is public.
  const titles = (ads.data.data as { title: string }[]).map((ad) => ad.title);
  const ad = (ads.data.data as { id: number; title: string; user_id: number }[]).find(
    (candidate) => titles.filter((title) => title === candidate.title).length === 1,
  )!;
  return ad;
}

test("public pages load no admin code, and the admin area opens no chat socket", async ({ page, viewport }) => {
  test.skip(isPhone(viewport?.width), "bundles are the same at every width");
  const scripts: string[] = [];
  page.on("response", async (response) => {
    if (response.url().endsWith(".js")) scripts.push(await response.text().catch(() => ""));
  });
  for (const path of ["/", "/categories", "/search?search=phone"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(scripts.length).toBeGreaterThan(0);
  // The admin session's storage key and the sidebar's pages exist only in the admin area's code.
  expect(
    scripts.filter((code) => code.includes("waterside.admin-session") || code.includes("Moderation queue")),
  ).toEqual([]);

  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));
  await adminLogsIn(page);
  await page.getByRole("navigation").getByRole("link", { name: "Ads reports" }).click();
  await expect(page.getByText(/^Total: \d+/)).toBeVisible();
  expect(sockets).toEqual([]);
});

test("an admin signs in at /admin and reads the users table", async ({ page, viewport }) => {
  test.skip(!isPhone(viewport?.width), "the desktop run is the whole moderation journey below");
  // The form's own checks, in the spec's words, before anything is sent.
  await page.goto("/admin");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("Email field is required")).toBeVisible();
  await expect(page.getByText("Password field is required")).toBeVisible();
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText("email or password are not valid").first()).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Login" }).click();
  await passesSecondFactor(page, ADMIN.email, ADMIN.totpSecret);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // On a phone the sidebar is a menu.
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation").getByRole("link", { name: "Users", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText(/^Total: \d+/)).toBeVisible();
  await page.getByRole("searchbox", { name: "Search name, email or phone" }).fill("fatu@demo");
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText("Fatu Kamara")).toBeVisible();
  await page.getByRole("button", { name: "Banned", exact: true }).click();
  await expect(table.getByText("No data available")).toBeVisible();
});

test("an admin hides a reported ad, answers the report, bans a user and deletes a review", async ({
  browser,
  page,
  request,
  viewport,
  baseURL,
}) => {
  test.skip(isPhone(viewport?.width), "the admin area's moderation journey runs on a desktop");
  test.setTimeout(150_000);
  await adminLogsIn(page);
  const token = await adminToken(page);
  const ad = await adOfSeller(request, token, REPORTED_SELLER);

  // A buyer reviews the ad and reports it.
  const buyerContext = await browser.newContext({ viewport, baseURL });
  waitForHydration(buyerContext);
  const buyer = await signInto(buyerContext, request, { name: "Reporting Buyer" });
  const asBuyer = { authorization: `Bearer ${buyer.token}` };
  const review = await request.post("/api/reviews", {
    headers: asBuyer,
    data: { ad_id: ad.id, content: "Fake photos, the house is not like this." },
  });
  expect(review.ok()).toBe(true);
  const reviewId = (await review.json()).data.id as number;
  const report = await request.post("/api/ad-reports", {
    headers: asBuyer,
    data: { ad_id: ad.id, reason: "Scam, fraud or spam" },
  });
  expect(report.ok()).toBe(true);

  // The report waits under Ads reports, Unresolved.
  await page.getByRole("navigation").getByRole("link", { name: "Ads reports" }).click();
  await page.getByRole("button", { name: "Unresolved", exact: true }).click();
  const reportRow = page.getByRole("row").filter({ hasText: ad.title }).filter({ hasText: buyer.name });
  await expect(reportRow).toContainText("Unresolved");

  // The admin hides the ad from the ads table, after confirming.
  await page.getByRole("navigation").getByRole("link", { name: "Ads", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search ads" }).fill(ad.title);
  await expect(page).toHaveURL(/[?&]search=/);
  const adRow = page.getByRole("row").filter({ has: page.getByRole("link", { name: ad.title, exact: true }) });
  await expect(adRow).toContainText("Active");
  await adRow.getByLabel(`Actions for ${ad.title}`).click();
  await adRow.getByRole("button", { name: "Hide ad" }).click();
  await page.getByRole("dialog", { name: "Hide this ad?" }).getByRole("button", { name: "Hide ad" }).click();
  await expect(page.getByText("Updated!")).toBeVisible();
  await expect(adRow).toContainText("Hidden");

  // A visitor no longer finds it.
  const visitor = await browser.newPage({ viewport, baseURL });
  await visitor.goto(`/search?search=${encodeURIComponent(ad.title)}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText(ad.title);
  await expect(visitor.getByRole("link", { name: ad.title, exact: true })).toHaveCount(0);
  await visitor.close();

  // The admin answers the report: it is resolved, and the buyer reads the answer under Reports.
  await page.goto(`/admin/ads-reports?ad_id=${ad.id}`);
  await reportRow.getByLabel(`Actions for the report on ${ad.title}`).click();
  await reportRow.getByRole("button", { name: "Respond" }).click();
  const respond = page.getByRole("dialog", { name: "Respond to the report" });
  await respond.getByRole("textbox", { name: "Response" }).fill("Thank you: the ad is hidden while we check it.");
  await respond.getByRole("button", { name: "Send response" }).click();
  await expect(reportRow).toContainText("Resolved");
  await expect(reportRow.getByLabel(`Actions for the report on ${ad.title}`)).toHaveCount(0);
  const buyerPage = await buyerContext.newPage();
  await buyerPage.goto("/profile?tab=reports");
  const buyerReport = buyerPage.getByRole("region", { name: "Ad reports" }).getByRole("listitem").first();
  await expect(buyerReport).toContainText(ad.title);
  await expect(buyerReport).toContainText("Resolved");
  await expect(buyerReport).toContainText("Thank you: the ad is hidden while we check it.");

  // The admin deletes the buyer's review, after confirming; it leaves the ad.
  await page.goto(`/admin/users/reviews/${buyer.id}`);
  const reviewItem = page.getByRole("article").filter({ hasText: "Fake photos, the house is not like this." });
  await reviewItem.getByRole("button", { name: "Delete review" }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /Delete/ })
    .click();
  await expect(page.getByText("Deleted!")).toBeVisible();
  await expect(page.getByText("Fake photos, the house is not like this.")).toHaveCount(0);
  const left = await request.get(`/api/admin/reviews?user_id=${buyer.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await left.json()).data.data as { id: number }[]).map((item) => item.id)).not.toContain(reviewId);

  // The admin bans the buyer: their open session ends at once.
  await page.getByRole("navigation").getByRole("link", { name: "Users", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search name, email or phone" }).fill(buyer.email);
  await expect(page).toHaveURL(/[?&]search=/);
  const userRow = page.getByRole("row").filter({ hasText: buyer.name });
  await expect(userRow).toContainText("Active");
  await userRow.getByLabel(`Actions for ${buyer.name}`).click();
  await userRow.getByRole("button", { name: "Ban user" }).click();
  await page.getByRole("dialog", { name: "Ban this user?" }).getByRole("button", { name: "Ban user" }).click();
  await expect(userRow).toContainText("Banned");
  await buyerPage.goto("/profile/saved");
  await expect(buyerPage).toHaveURL(/\/auth$/);
  await buyerContext.close();

  // Every step is in the audit log.
  await page.getByRole("navigation").getByRole("link", { name: "Audit log" }).click();
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(
    log
      .getByRole("row")
      .filter({ hasText: `#${ad.id}` })
      .first(),
  ).toBeVisible();
});
