import { isPhone } from "./admin-signed-in";
import { DEMO_ACCOUNTS, expect, signInto, test } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

// A reader in the United States: dates are written "Nov 12, 2026", where the server writes "12 Nov 2026".
test.use({ locale: "en-US", timezoneId: "Africa/Monrovia" });
test.beforeEach(({ page }) => skipSignupPrompt(page));

interface ListedAd {
  id: number;
  title: string;
  user_id: number;
  created_at: string;
}

test("on a phone, My Ads shows whole titles, the boosted ad's badge and local dates, and the open tab is in view", async ({
  browser,
  page,
  request,
  login,
  viewport,
}) => {
  test.skip(!isPhone(viewport?.width), "the profile at 360 px; the desktop shows the tabs as a column");

  // A demo seller's boosted ad, found as a visitor finds boosted ads, whoever the demo data gave one to (a journey's
  // new seller, with a password of its own, may have boosted one meanwhile).
  const boosted = await request.post("/api/ads/get", { data: { has_active_subscription: true, per_page: 30 } });
  expect(boosted.ok()).toBe(true);
  // A signed-in reader sees a seller's email (decision 033): the account to sign in as. Nothing is written.
  const readerContext = await browser.newContext();
  const reader = await signInto(readerContext, request, DEMO_ACCOUNTS.emmanuel);
  let ad: ListedAd | undefined;
  let email: string | undefined;
  for (const candidate of (await boosted.json()).data.data as ListedAd[]) {
    const profile = await request.get(`/api/users/${candidate.user_id}`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(profile.ok()).toBe(true);
    const seller = (await profile.json()).data.email as string | null;
    if (seller?.endsWith("@demo.waterside.lr")) {
      [ad, email] = [candidate, seller];
      break;
    }
  }
  await readerContext.close();
  expect(ad, "the demo data has a demo seller's boosted ad").toBeDefined();
  await login({ email: email! });

  await page.goto("/profile");
  const myAds = page.getByRole("list", { name: "Your ads" });
  await expect(myAds.getByRole("listitem").first()).toBeVisible();

  // The boosted ad says so.
  const boostedRow = myAds
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: ad!.title, exact: true }) });
  await expect(boostedRow.getByText("Boosted", { exact: true })).toBeVisible();

  // The longest title is written whole, over as many lines as it needs, inside the screen (it was cut to a dozen
  // letters). One of the seller's demo ads, older than this run: another journey may post and delete ads meanwhile.
  const listed = await request.post("/api/ads/get", { data: { user_id: ad!.user_id, per_page: 30 } });
  const longest = ((await listed.json()).data.data as ListedAd[])
    .filter((own) => Date.parse(own.created_at) < Date.now() - 3_600_000)
    .map((own) => own.title)
    .reduce((a, b) => (b.length > a.length ? b : a), "");
  expect(longest.length, "a title too long for one line at 360 px").toBeGreaterThan(25);
  const title = myAds.getByRole("link", { name: longest, exact: true });
  await expect(title).toBeVisible();
  const lines = await title.evaluate((link) => Array.from(link.getClientRects(), (line) => line.right));
  expect(lines.length).toBeGreaterThan(1);
  for (const right of lines) expect(right).toBeLessThanOrEqual(360);

  // Dates follow the reader's locale (en-US), not the server's British order.
  await expect(boostedRow).toContainText(/\b[A-Z][a-z]{2} \d{1,2}, \d{4}\b/);
  await expect(boostedRow).not.toContainText(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // A tab far along the strip, opened from a link, is scrolled into view in the strip.
  await page.goto("/profile?tab=reports");
  const reports = page.getByRole("navigation", { name: "Profile" }).getByRole("button", { name: "Reports" });
  await expect(reports).toHaveAttribute("aria-current", "page");
  await expect(reports).toBeInViewport({ ratio: 1 });
});
