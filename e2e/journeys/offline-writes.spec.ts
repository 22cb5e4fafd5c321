import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, type SignedInUser } from "./signed-in";
import { uniquePhotos } from "./photos";
import { skipSignupPrompt } from "./signup-prompt";

// The service worker keeps the pages this journey reopens offline (the others block it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/**
 * Issue 31 "queued writes" (decision 104): a signed-in user without a signal saves an ad, writes a chat message and
 * posts a new ad with photos; the page shows what waits, and when the connection returns each arrives exactly once.
 */

test.beforeEach(({ page }) => skipSignupPrompt(page));

interface ListedAd {
  id: number;
  title: string;
  category_id: number;
  subcategory_id: number;
  user: { name: string };
}

/**
 * A business seller's ad: the chat journeys' sellers (Prince, Hawa) watch their own chat alerts, which a message
 * from this journey must not disturb.
 */
async function anAd(request: APIRequestContext) {
  const response = await request.post("/api/ads/get", { data: { per_page: 50, sort_combined: "created_at|desc" } });
  const listed = (await response.json()).data.data as ListedAd[];
  const ad = listed.find((candidate) => !/Prince|Hawa|Fatu/.test(candidate.user.name));
  expect(ad, "a seeded ad of a business seller").toBeDefined();
  return { ...ad!, path: `/categories/${ad!.category_id}/${ad!.subcategory_id}/${ad!.id}` };
}

/** Until the worker answers this page's requests (it takes the open pages when it first activates). */
async function serviceWorkerInCharge(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state === "activated" && navigator.serviceWorker.controller !== null;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** What the server holds, read as the user through the API. */
async function stored(request: APIRequestContext, user: SignedInUser, chatId: string, texts: string[], title: string) {
  const headers = { authorization: `Bearer ${user.token}` };
  const [saved, chat, mine] = await Promise.all([
    request.get("/api/ads/saved/ids", { headers }),
    request.get(`/api/chats/${chatId}?limit=100`, { headers }),
    request.get("/api/ads/mine?status=all", { headers }),
  ]);
  const messages = ((await chat.json()).data.messages as Array<{ text: string }>).map((message) => message.text);
  return {
    saved: (await saved.json()).data as number[],
    messages: texts.map((text) => messages.filter((message) => message === text).length),
    ads: ((await mine.json()).data.data as Array<{ title: string }>).filter((ad) => ad.title === title).length,
  };
}

test("a save, a chat message and a new ad made offline are sent once when the connection returns", async ({
  page,
  context,
  login,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = await login({ name: `Offline ${testInfo.project.name} ${randomUUID().slice(0, 6)}` });
  const ad = await anAd(request);
  const word = `Queued${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const adTitle = `Toyota Hilux pickup ${word}`;
  const offlineText = `Is the price final? ${randomUUID().slice(0, 8)}`;

  // Online: the ad page (the worker takes it), a chat with its seller, the profile and the sell form, as a user
  // would open them, so the worker keeps them.
  await page.goto(ad.path);
  await serviceWorkerInCharge(page);
  await page
    .getByRole("region", { name: "Seller" })
    .getByRole("group", { name: "Quick messages" })
    .getByRole("button", { name: "I’m interested" })
    .click();
  await expect(page).toHaveURL(/\/chat\/\d+$/, { timeout: 20_000 });
  const chatPath = new URL(page.url()).pathname;
  const chatId = chatPath.split("/").at(-1)!;
  const messages = page.getByRole("log", { name: "Messages" });
  await expect(messages.getByText("Sent")).toBeVisible();
  await page.goto(chatPath);
  await expect(messages.getByText("I’m interested")).toBeVisible();
  // The profile, reached as a user does, by its link: the worker keeps the move's page data, which the move back
  // to it after posting offline needs.
  await page.getByRole("banner").getByRole("link", { name: "Your profile" }).click();
  // The profile reads its data in the browser: slower than the page on a busy machine.
  await expect(page.getByRole("region", { name: "Drafts" })).toBeAttached({ timeout: 20_000 });
  await page.goto("/sell");
  await page.getByLabel("Title", { exact: true }).fill(adTitle);
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vehicles" });
  await page.getByLabel("Subcategory").selectOption({ label: "Trucks & Buses" });
  await page.getByLabel("Location").selectOption("Sinkor, Montserrado");
  await page.getByLabel("Price (USD)").fill("8400");
  await page.getByLabel("Description").fill("Strong engine, four-wheel drive, papers complete. Sinkor.");
  await page.getByLabel("+ Add photos").setInputFiles(await uniquePhotos(page, 2));
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(2);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("form", { name: "Product Details" })).toBeVisible();

  // The signal goes. The seller finishes the ad and posts it: it waits on the phone, photos and all.
  await context.setOffline(true);
  await page.getByLabel("Vehicle Type").selectOption("Pickup");
  await page.getByLabel("Brand").fill("Toyota");
  await page.getByLabel("Year").fill("2016");
  await page.getByLabel("Condition").selectOption("Foreign Used");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Skip and post" }).click();
  await expect(page.getByText("You are offline. Your ad will be posted when the connection returns.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const queue = page.getByRole("status").filter({ hasText: "waiting to send" });
  await expect(queue).toContainText("1 waiting to send");

  // Still offline: the ad page, from the worker's copy, and its heart.
  await page.goto(ad.path);
  await expect(page.getByRole("heading", { level: 1, name: ad.title })).toBeVisible();
  await page.locator("main").getByRole("button", { name: "Save ad" }).first().click();
  await expect(page.getByText("Saved on this phone. It will be sent when you are back online.")).toBeVisible();
  await expect(page.locator("main").getByRole("button", { name: "Remove from saved" }).first()).toBeVisible();
  await expect(queue).toContainText("2 waiting to send");

  // Still offline: the chat, from the worker's copy, and a message.
  await page.goto(chatPath);
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(offlineText);
  await box.press("Enter");
  await expect(messages.getByRole("listitem").filter({ hasText: offlineText })).toContainText(
    /Sending…|Waiting for connection…/,
  );
  await expect(queue).toContainText("3 waiting to send");

  // The queue lists each, in the user's words.
  await queue.getByRole("button", { name: "View" }).click();
  const waiting = page.getByRole("dialog", { name: "Waiting to send" });
  await expect(waiting.getByRole("listitem")).toHaveCount(3);
  await expect(waiting.getByRole("listitem").filter({ hasText: "New ad" })).toContainText(adTitle);
  await expect(waiting.getByRole("listitem").filter({ hasText: "Save" })).toContainText(ad.title);
  await expect(waiting.getByRole("listitem").filter({ hasText: "Message to" })).toContainText(offlineText);
  await waiting.getByRole("button", { name: "Close" }).click();
  expect(await stored(request, user, chatId, [offlineText], adTitle)).toEqual({
    saved: [],
    messages: [0],
    ads: 0,
  });

  // The signal returns: everything is sent, once, and the queue empties.
  await context.setOffline(false);
  await expect(queue).toHaveCount(0, { timeout: 60_000 });
  await expect(messages.getByRole("listitem").filter({ hasText: offlineText })).toContainText(/Sent|Read/);
  expect(await stored(request, user, chatId, [offlineText], adTitle)).toEqual({
    saved: [ad.id],
    messages: [1],
    ads: 1,
  });

  // A reload sends nothing again.
  await page.reload();
  await expect(messages.getByText(offlineText)).toHaveCount(1);
  await expect(queue).toHaveCount(0);
  expect(await stored(request, user, chatId, [offlineText], adTitle)).toEqual({
    saved: [ad.id],
    messages: [1],
    ads: 1,
  });
});

test("an ad the server refuses when its queue is sent comes back as a draft with the server's message", async ({
  page,
  context,
  login,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const user = await login({ name: `Refused ${testInfo.project.name} ${randomUUID().slice(0, 6)}` });
  const title = `Isuzu tipper ${testInfo.project.name.replace(/\W/g, "")}${Date.now().toString(36)}`;
  const postTruck = async (finish: () => Promise<void>) => {
    await page.goto("/sell");
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page.getByLabel("Category", { exact: true }).selectOption({ label: "Vehicles" });
    await page.getByLabel("Subcategory").selectOption({ label: "Trucks & Buses" });
    await page.getByLabel("Location").selectOption("Sinkor, Montserrado");
    await page.getByLabel("Price (USD)").fill("5100");
    await page.getByLabel("Description").fill("Tipper in good order, new tyres, papers complete. Sinkor.");
    await page.getByLabel("+ Add photos").setInputFiles(await uniquePhotos(page, 2));
    await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(
      2,
    );
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Vehicle Type").selectOption("Pickup");
    await page.getByLabel("Brand").fill("Isuzu");
    await page.getByLabel("Year").fill("2013");
    await page.getByLabel("Condition").selectOption("Foreign Used");
    await page.getByRole("button", { name: "Next" }).click();
    await finish();
    await page.getByRole("button", { name: "Skip and post" }).click();
  };

  // Posted online once; the worker takes the pages from here, and keeps the profile's page data (the post's move).
  await page.goto("/");
  await serviceWorkerInCharge(page);
  await postTruck(async () => {});
  // Posting encodes the photos in six sizes: seconds on a busy machine.
  await expect(page.getByText("Ad Created!")).toBeVisible({ timeout: 30_000 });
  // The post moves to the profile, whose page data the worker keeps only once that move has loaded it: the move
  // after the offline post needs it (without it, CI's runs that went on at once met an error page offline).
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("region", { name: "Drafts" })).toBeAttached({ timeout: 20_000 });

  // The same ad again, offline: it waits, then the server refuses it as a repeat of the first.
  await postTruck(() => context.setOffline(true));
  await expect(page.getByText("You are offline. Your ad will be posted when the connection returns.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  const queue = page.getByRole("status").filter({ hasText: "waiting to send" });
  await expect(queue).toContainText("1 waiting to send");
  await context.setOffline(false);

  await expect(page.getByText(`Your ad "${title}" could not be posted`)).toBeVisible({ timeout: 60_000 });
  await expect(queue).toHaveCount(0);
  const drafts = page.getByRole("region", { name: "Drafts" });
  await expect(drafts.getByText("Not posted: You already posted this ad in the last 24 hours.")).toBeVisible();
  await drafts.getByRole("link", { name: `Resume ${title}` }).click();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(page.getByRole("list", { name: "Photos" }).getByRole("listitem", { name: /^Photo \d$/ })).toHaveCount(2);

  const mine = await request.get("/api/ads/mine?status=all", { headers: { authorization: `Bearer ${user.token}` } });
  expect(((await mine.json()).data.data as Array<{ title: string }>).filter((ad) => ad.title === title)).toHaveLength(
    1,
  );
});
