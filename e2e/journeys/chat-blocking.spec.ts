import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { CHAT_MESSAGES } from "@waterside/shared/chat-messages";
import { waitForHydration } from "./hydrated-page";
import { DEMO_ACCOUNTS, expect, signInto, test, type SignedInUser } from "./signed-in";
import { skipSignupPrompt } from "./signup-prompt";

test.beforeEach(({ page }) => skipSignupPrompt(page));

const isPhone = (width: number | undefined) => (width ?? 0) < 768;

/**
 * Two demo accounts per screen size whose journeys never open the chat: Joseph (photos under the content security
 * policy) blocks Emmanuel (reads sellers' contact details) on the phone; Red Light Motors (boosts only in the phone
 * run) blocks Fatu (posts and edits ads) on the desktop. A block holds only between the two, so no other journey's
 * chat is touched.
 */
const pairFor = (width: number | undefined) =>
  isPhone(width)
    ? { blocker: DEMO_ACCOUNTS.joseph, blocked: DEMO_ACCOUNTS.emmanuel }
    : { blocker: DEMO_ACCOUNTS.motors, blocked: DEMO_ACCOUNTS.fatu };

const messages = (page: Page) => page.getByRole("log", { name: "Messages" });

test("a user blocks another after confirming, who sees it at once and whose message sent meanwhile shows as not delivered", async ({
  browser,
  page,
  context,
  login,
  request,
  viewport,
  isMobile,
  hasTouch,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const phone = isPhone(viewport?.width);
  const accounts = pairFor(viewport?.width);
  const blocked = await login(accounts.blocked);

  const blockerContext = await browser.newContext({ viewport, isMobile, hasTouch, baseURL });
  waitForHydration(blockerContext);
  const blocker: SignedInUser = await signInto(blockerContext, request, accounts.blocker);

  // The two have a chat: the one about to be blocked wrote first.
  const opened = await request.post("/api/chats", {
    headers: { authorization: `Bearer ${blocked.token}` },
    data: { recieverId: blocker.id, firstMessage: `Is it still available? ${randomUUID().slice(0, 8)}` },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  const chatId = (await opened.json()).data.id as number;

  await page.goto(`/chat/${chatId}`);
  // The page has one level-one heading at both sizes: the list's on a desktop, the conversation's on a phone.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(phone ? `Chat with ${blocker.name}` : "Chats");
  const box = page.getByRole("textbox", { name: "Message" });
  await expect(box).toBeEnabled();
  // Typed, not sent yet, when the block comes.
  const draft = `Can you hold it for me until Friday? ${randomUUID().slice(0, 8)}`;
  await box.fill(draft);
  // Marks this page load: a reload would lose it, so the block must come to the page as it is.
  await page.evaluate(() => Object.assign(window, { journeySamePage: true }));

  const blockerPage = await blockerContext.newPage();
  await skipSignupPrompt(blockerPage);
  await blockerPage.goto(`/chat/${chatId}`);
  await expect(messages(blockerPage).getByRole("listitem").first()).toBeVisible();
  // The seller panel: beside the conversation on a desktop, behind the info button on a phone.
  let panel = blockerPage.getByRole("complementary", { name: `About ${blocked.name}` });
  if (phone) {
    await blockerPage.getByRole("button", { name: `About ${blocked.name}` }).click();
    panel = blockerPage.getByRole("dialog", { name: `About ${blocked.name}` });
  }
  const confirmation = blockerPage.getByRole("dialog", { name: `Block ${blocked.name}?` });

  // Blocking asks first, in the product's dialog; Cancel changes nothing (and leaves the panel open).
  await panel.getByRole("button", { name: `Block ${blocked.name}` }).click();
  await expect(confirmation).toContainText("Neither of you will be able to send messages");
  await confirmation.getByRole("button", { name: "Cancel" }).click();
  await expect(confirmation).toBeHidden();
  await expect(panel.getByRole("button", { name: `Block ${blocked.name}` })).toBeVisible();
  await expect(box).toBeEnabled();

  await panel.getByRole("button", { name: `Block ${blocked.name}` }).click();
  await confirmation.getByRole("button", { name: "Block", exact: true }).click();
  await expect(panel.getByRole("button", { name: `Unblock ${blocked.name}` })).toBeVisible();

  // The blocked user sees it at once, on the same page, and keeps what they were typing.
  const notice = page.getByRole("status").filter({ hasText: "has blocked you" });
  await expect(notice).toHaveText(`${blocker.name} has blocked you: you cannot send messages in this chat.`);
  await expect(box).toBeDisabled();
  await expect(box).toHaveValue(draft);
  // Unblocking is told at once too: the box is back, with the draft in it.
  await panel.getByRole("button", { name: `Unblock ${blocked.name}` }).click();
  await expect(panel.getByRole("button", { name: `Block ${blocked.name}` })).toBeVisible();
  await expect(box).toBeEnabled();
  await expect(notice).toHaveCount(0);
  await expect(box).toHaveValue(draft);
  expect(await page.evaluate(() => "journeySamePage" in window)).toBe(true);

  // The blocked user sends the draft with no network; the block comes before it can go.
  await context.setOffline(true);
  await expect(page.getByText("You are offline.")).toBeVisible();
  await box.press("Enter");
  const bubble = messages(page).getByRole("listitem").filter({ hasText: draft });
  await expect(bubble).toContainText(/Sending…|Waiting for connection…/);
  await panel.getByRole("button", { name: `Block ${blocked.name}` }).click();
  await confirmation.getByRole("button", { name: "Block", exact: true }).click();
  await expect(panel.getByRole("button", { name: `Unblock ${blocked.name}` })).toBeVisible();

  // Back online, the message goes, is refused, and says so with the API's reason; nothing offers to send it again.
  await context.setOffline(false);
  await expect(bubble).toContainText(`Not delivered: ${CHAT_MESSAGES.blocked}`);
  await expect(bubble.getByRole("button", { name: "Retry" })).toHaveCount(0);
  await expect(bubble.getByRole("button", { name: "Delete" })).toBeVisible();
  await expect(notice).toBeVisible();
  await expect(box).toBeDisabled();
  expect(await page.evaluate(() => "journeySamePage" in window)).toBe(true);

  // Nothing reached the blocker, and the server stored nothing.
  await expect(messages(blockerPage).getByText(draft)).toHaveCount(0);
  const stored = await request.get(`/api/chats/${chatId}?limit=100`, {
    headers: { authorization: `Bearer ${blocker.token}` },
  });
  const texts = ((await stored.json()).data.messages as { text: string }[]).map((message) => message.text);
  expect(texts).not.toContain(draft);

  // The refused message is not lost on a reload either.
  await page.reload();
  await expect(bubble).toContainText(`Not delivered: ${CHAT_MESSAGES.blocked}`);

  await blockerContext.close();
});
