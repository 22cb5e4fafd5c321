import type { APIRequestContext } from "@playwright/test";
import { waitForHydration } from "./hydrated-page";
import { DEMO_ACCOUNTS, expect, signInto, test, type SignedInUser } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

interface ListedAd {
  id: number;
  title: string;
  category_id: number;
  subcategory_id: number;
}

/** One of the seller's ads the buyer has not rated yet (the demo data rates some), at its canonical address. */
async function unratedAdOf(request: APIRequestContext, seller: SignedInUser, buyer: SignedInUser) {
  const response = await request.post("/api/ads/get", {
    data: { user_id: seller.id, per_page: 30, sort_combined: "created_at|asc" },
  });
  for (const ad of (await response.json()).data.data as ListedAd[]) {
    const rating = await request.get(`/api/ratings/ad/${ad.id}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    if ((await rating.json()).data.current_user_rating === null) {
      return { ...ad, path: `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}` };
    }
  }
  throw new Error("the seller has no ad the buyer has not rated");
}

test("a buyer rates, reviews and reports an ad, the seller answers, and the buyer follows the report", async ({
  browser,
  page,
  login,
  request,
  viewport,
  isMobile,
  hasTouch,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const buyer = await login(DEMO_ACCOUNTS.comfort);
  const sellerContext = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  waitForHydration(sellerContext);
  const seller = await signInto(sellerContext, request, DEMO_ACCOUNTS.farm);
  const ad = await unratedAdOf(request, seller, buyer);

  // The buyer comes across the ad among the seller's ads (a view: the card is on screen) and opens it.
  await page.goto(`/profile/${seller.id}`);
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: ad.title, exact: true }) });
  await card.first().scrollIntoViewIfNeeded();
  // The page has noted the view (80% of the card on screen) before the buyer leaves it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("waterside.analytics") ?? ""))
    .toContain(`{"addId":${ad.id},"type":"view"`);
  await card.first().getByRole("link", { name: ad.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${ad.path}$`));

  // Saves it.
  await page.getByRole("button", { name: "Save ad" }).first().click();
  await expect(page.getByText("Saved!")).toBeVisible();

  // The buyer rates the ad: the stars and the breakdown follow at once.
  const ratings = page.getByRole("region", { name: "Ratings" });
  await ratings.getByRole("button", { name: "Rate 4 stars" }).click();
  await expect(page.getByText("Rating added successfully!")).toBeVisible();
  await expect(ratings.getByText("Your rating: 4 of 5")).toBeVisible();
  await ratings.getByRole("button", { name: "Rate 5 stars" }).click();
  await expect(page.getByText("Rating updated successfully!")).toBeVisible();
  await expect(ratings.getByRole("button", { name: "Rate 5 stars" })).toHaveAttribute("aria-pressed", "true");

  // Writes a review (the counter follows), then edits it: Edited shows.
  const reviews = page.getByRole("region", { name: /^Reviews/ });
  const box = reviews.getByRole("textbox", { name: "Write a review" });
  await box.fill("Fresh and well packed.");
  await expect(reviews.getByText("22/200")).toBeVisible();
  await reviews.getByRole("button", { name: "Post review" }).click();
  const mine = reviews.getByRole("listitem", { name: `Review by ${buyer.name}` }).first();
  await expect(mine.getByText("Fresh and well packed.")).toBeVisible();
  await mine.getByRole("button", { name: "Edit" }).click();
  await mine.getByRole("textbox", { name: "Edit your review" }).fill("Fresh and well packed. Delivered fast.");
  await mine.getByRole("button", { name: "Save" }).click();
  await expect(mine.getByText("Fresh and well packed. Delivered fast.")).toBeVisible();
  await expect(mine.getByText("Edited", { exact: true })).toBeVisible();

  // The seller, in their own browser, answers under the review: their reply carries the Owner tag.
  const sellerPage = await sellerContext.newPage();
  await skipSignupPrompt(sellerPage);
  await sellerPage.goto(ad.path);
  const review = sellerPage
    .getByRole("region", { name: /^Reviews/ })
    .getByRole("listitem", { name: `Review by ${buyer.name}` })
    .first();
  await review.getByRole("button", { name: "Reply" }).click();
  await review.getByRole("textbox", { name: "Write a reply" }).fill("Thank you, come again!");
  await review.getByRole("button", { name: "Send reply" }).click();
  const answer = review.getByRole("listitem", { name: `Reply by ${seller.name}` });
  await expect(answer.getByText("Thank you, come again!")).toBeVisible();
  await expect(answer.getByText("Owner", { exact: true })).toBeVisible();
  // The owner rates nothing and reports nothing on their own ad.
  await expect(sellerPage.getByRole("button", { name: "Rate 5 stars" })).toHaveCount(0);
  await expect(sellerPage.getByRole("button", { name: "Report ad" })).toHaveCount(0);

  // The buyer sees the answer with its tag, and likes it: the like shows at once and stays after a reload.
  await page.reload();
  const reply = mine.getByRole("listitem", { name: `Reply by ${seller.name}` });
  await expect(reply.getByText("Owner", { exact: true })).toBeVisible();
  await reply.getByRole("button", { name: /^Like this reply/ }).click();
  await expect(reply.getByRole("button", { name: "Unlike this reply, 1 like" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.reload();
  await expect(reply.getByRole("button", { name: "Unlike this reply, 1 like" })).toBeVisible();

  // Reports the ad with a reason of their own; Submit waits for the words.
  await page.getByRole("button", { name: "Report ad" }).click();
  const dialog = page.getByRole("dialog", { name: "Report ad" });
  await dialog.getByRole("radio", { name: "Other" }).check();
  await expect(dialog.getByRole("button", { name: "Submit" })).toBeDisabled();
  await dialog.getByRole("textbox", { name: /Tell us what is wrong/ }).fill("The photos are of another item.");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Reported!")).toBeVisible();

  // … and follows it under Reports on their profile.
  await page.goto("/profile?tab=reports");
  const adReports = page.getByRole("region", { name: "Ad reports" });
  const row = adReports.getByRole("listitem").filter({ hasText: ad.title }).first();
  await expect(row.getByText("The photos are of another item.")).toBeVisible();
  await expect(row.getByText("Unresolved")).toBeVisible();

  // The seller opens Insights on the ad: today has the buyer's view and save (the buyer's log was sent when they
  // left the pages; the server writes counts in batches, so the seller may need to look again).
  const today = new Date().toISOString().slice(0, 10);
  await expect(async () => {
    await sellerPage.goto(ad.path);
    await sellerPage.getByRole("button", { name: "Insights" }).click();
    const insights = sellerPage.getByRole("region", { name: /^Insights/ });
    await insights.getByText("Figures by day").click();
    const cells = insights.getByRole("row", { name: new RegExp(today) }).getByRole("cell");
    await expect(cells.nth(0)).not.toHaveText("0", { timeout: 2000 });
    await expect(cells.nth(1)).not.toHaveText("0", { timeout: 2000 });
  }).toPass({ timeout: 30_000 });

  await sellerContext.close();
});
