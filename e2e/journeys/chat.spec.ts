import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { waitForHydration } from "./hydrated-page";
import { DEMO_ACCOUNTS, expect, signInto, test, type SignedInUser } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

interface ListedAd {
  id: number;
  title: string;
  category_id: number;
  subcategory_id: number;
}

/** One of the seller's seeded ads, at its canonical address. */
async function adOf(request: APIRequestContext, sellerId: number) {
  const response = await request.post("/api/ads/get", {
    data: { user_id: sellerId, per_page: 1, sort_combined: "created_at|asc" },
  });
  const [ad] = (await response.json()).data.data as ListedAd[];
  expect(ad, "the seller has a seeded ad").toBeDefined();
  return { title: ad!.title, path: `/categories/${ad!.category_id}/${ad!.subcategory_id}/${ad!.id}` };
}

/** The messages of a chat as the server stores them, read as one of its users. */
async function storedTexts(request: APIRequestContext, user: SignedInUser, chatId: string) {
  const response = await request.get(`/api/chats/${chatId}?limit=100`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()).data.messages as { text: string }[]).map((message) => message.text);
}

const messages = (page: Page) => page.getByRole("log", { name: "Messages" });

test("a buyer writes to a seller from an ad, they talk live, and a message written offline arrives once", async ({
  browser,
  page,
  context,
  login,
  request,
  viewport,
  isMobile,
  hasTouch,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = isPhone(viewport?.width);
  const sellerAccount = phone ? DEMO_ACCOUNTS.prince : DEMO_ACCOUNTS.hawa;
  const buyer = await login({ name: `Buyer ${testInfo.project.name} ${randomUUID().slice(0, 6)}` });

  // The seller, in a browser of their own, has read their chats (the demo data gives them some) and is somewhere
  // else on the site when the message comes.
  const sellerContext = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  waitForHydration(sellerContext);
  const seller = await signInto(sellerContext, request, sellerAccount);
  const sellerPage = await sellerContext.newPage();
  await skipSignupPrompt(sellerPage);
  await sellerPage.goto("/chat");
  const sellerChats = sellerPage.getByRole("region", { name: "Chats" });
  await expect(sellerChats).toHaveAttribute("aria-busy", "false");
  await sellerPage.goto("/categories");
  const sellerChatLink = sellerPage.getByRole("banner").getByRole("link", { name: /^Chat/ });
  await expect(sellerChatLink).toHaveAccessibleName("Chat");

  // The buyer opens one of the seller's ads and sends a quick message: the chat opens and it is sent at once.
  const ad = await adOf(request, seller.id);
  await page.goto(ad.path);
  const sellerCard = page.getByRole("region", { name: "Seller" });
  // The seller has the site open in their own browser: the ad page says so (spec §2).
  await expect(sellerCard.getByText("Online", { exact: true })).toBeVisible();
  await sellerCard
    .getByRole("group", { name: "Quick messages" })
    .getByRole("button", { name: "I’m interested" })
    .click();
  await expect(page).toHaveURL(/\/chat\/\d+$/);
  const chatId = new URL(page.url()).pathname.split("/").at(-1)!;
  await expect(messages(page).getByText("I’m interested")).toBeVisible();
  await expect(messages(page).getByText("Sent")).toBeVisible();
  // The conversation says which ad it is about, and links to it.
  const conversation = page.getByRole("region", { name: `Chat with ${seller.name}` });
  await expect(conversation.getByRole("link", { name: ad.title })).toHaveAttribute("href", ad.path);

  // The seller sees the red dot, and the unread badge in the list.
  await expect(sellerChatLink).toHaveAccessibleName("Chat, new messages");
  await sellerChatLink.click();
  await expect(sellerPage).toHaveURL(/\/chat$/);
  await expect(sellerChatLink).toHaveAccessibleName("Chat");
  const buyerChat = sellerChats.getByRole("link", { name: new RegExp(buyer.name) });
  await expect(buyerChat).toContainText("1 unread");
  await expect(buyerChat).toContainText("I’m interested");

  // The seller opens it (the badge goes) and replies with the keyboard; the buyer sees the reply without a reload.
  await buyerChat.click();
  await expect(sellerPage).toHaveURL(new RegExp(`/chat/${chatId}$`));
  if (phone) await expect(sellerPage.getByRole("region", { name: "Chats" })).toBeHidden();
  else await expect(buyerChat).not.toContainText("unread");
  await expect(messages(sellerPage).getByText("I’m interested")).toBeVisible();
  const sellerBox = sellerPage.getByRole("textbox", { name: "Message" });
  await sellerBox.press("Enter");
  await expect(sellerPage.getByText("A chat message cannot be empty")).toBeVisible();
  await sellerBox.fill("Yes, it is still available.");
  await sellerBox.press("Enter");
  await expect(messages(page).getByText("Yes, it is still available.")).toBeVisible();
  // The buyer had it open: the seller's tick turns to Read.
  await expect(messages(sellerPage).getByText("Read")).toBeVisible();

  // The buyer loses the network, writes anyway, and comes back: the message goes once.
  const offlineText = `Can I see it tomorrow? ${randomUUID().slice(0, 8)}`;
  await context.setOffline(true);
  await expect(page.getByText("You are offline.")).toBeVisible();
  const buyerBox = page.getByRole("textbox", { name: "Message" });
  await buyerBox.fill(offlineText);
  await buyerBox.press("Enter");
  const pendingBubble = messages(page).getByRole("listitem").filter({ hasText: offlineText });
  await expect(pendingBubble).toContainText(/Sending…|Waiting for connection…/);
  await context.setOffline(false);
  await expect(pendingBubble).toContainText(/Sent|Read/, { timeout: 30_000 });
  await expect(messages(sellerPage).getByText(offlineText)).toHaveCount(1);
  // The store holds it once too: the seller's page read again from it, and the buyer's page, show it once.
  await sellerPage.reload();
  await expect(messages(sellerPage).getByText("Yes, it is still available.")).toBeVisible();
  await expect(messages(sellerPage).getByText(offlineText)).toHaveCount(1);
  await expect(messages(page).getByText(offlineText)).toHaveCount(1);
  expect((await storedTexts(request, seller, chatId)).filter((text) => text === offlineText)).toHaveLength(1);

  // Written offline and the page closed before the network came back: the next visit sends it, once.
  const keptText = `Are the papers ready? ${randomUUID().slice(0, 8)}`;
  await context.setOffline(true);
  await buyerBox.fill(keptText);
  await buyerBox.press("Enter");
  await expect(messages(page).getByRole("listitem").filter({ hasText: keptText })).toContainText(
    /Sending…|Waiting for connection…/,
  );
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/chat/${chatId}`);
  await expect(messages(again).getByRole("listitem").filter({ hasText: keptText })).toContainText(/Sent|Read/);
  await expect(messages(sellerPage).getByText(keptText)).toHaveCount(1);
  expect((await storedTexts(request, seller, chatId)).filter((text) => text === keptText)).toHaveLength(1);

  await sellerContext.close();
});

test("the ad page's seller card: a visitor is asked to log in, a verified buyer sees the phone, the owner sees none", async ({
  page,
  login,
  request,
  viewport,
}) => {
  const ads = await request.post("/api/ads/get", { data: { per_page: 1, sort_combined: "created_at|asc" } });
  const [oldest] = (await ads.json()).data.data as ListedAd[];
  const ad = { path: `/categories/${oldest!.category_id}/${oldest!.subcategory_id}/${oldest!.id}` };

  // A visitor's page never opens the chat's socket; the seller's status comes over plain HTTP.
  const sockets: string[] = [];
  page.on("websocket", (socket) => sockets.push(socket.url()));
  await page.goto(ad.path);
  const card = page.getByRole("region", { name: "Seller" });
  await expect(card.getByText("Meet in a public place; never pay before you see the item")).toBeVisible();
  await expect(card.getByText(/^(Online|Offline)$/)).toBeVisible();
  expect(sockets).toEqual([]);
  await expect(card.getByRole("group", { name: "Quick messages" })).toHaveCount(0);
  await card.getByRole("button", { name: "Chat" }).click();
  const prompt = page.getByRole("dialog", { name: "Please log in" });
  await expect(prompt).toBeVisible();
  await prompt.getByRole("button", { name: "Not now" }).click();
  await card.getByRole("button", { name: "Show phone number" }).click();
  await expect(prompt).toContainText("phone number");
  await prompt.getByRole("button", { name: "Not now" }).click();

  await login();
  await page.goto(ad.path);
  await expect(card.getByRole("group", { name: "Quick messages" }).getByRole("button")).toHaveText([
    "Call me",
    "I’m interested",
    "Last Price",
  ]);
  // A new account has no verified phone yet: it is sent to verify one first (decision 072).
  await card.getByRole("button", { name: "Show phone number" }).click();
  await expect(card.getByRole("link", { name: "Verify my phone number" })).toHaveAttribute(
    "href",
    "/profile?tab=details",
  );
  await login(DEMO_ACCOUNTS.emmanuel);
  await page.goto(ad.path);
  await card.getByRole("button", { name: "Show phone number" }).click();
  await expect(card.getByRole("link", { name: "Call" })).toHaveAttribute("href", /^tel:\+231\d+$/);
  await expect(card.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/231\d+$/);

  // A seller on their own ad: no Chat, no quick messages, no phone button.
  const owner = await login(isPhone(viewport?.width) ? DEMO_ACCOUNTS.prince : DEMO_ACCOUNTS.hawa);
  await page.goto((await adOf(request, owner.id)).path);
  await expect(page.getByRole("link", { name: "Edit" })).toBeVisible();
  await expect(card.getByRole("button")).toHaveCount(0);
});
