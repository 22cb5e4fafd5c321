import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { visitorAddress } from "./visitor-address";

export { expect } from "@playwright/test";

/**
 * A server-rendered page loads its scripts after its `load` event (apps/web/src/entry.server.tsx), so Playwright's
 * goto and reload, which return at `load`, would hand over a page whose buttons are not alive yet. The journeys'
 * `test` makes them return once the page has hydrated, on every page of the journey's browser context. An info page
 * is sent without React's scripts (`<html data-scriptless>`, apps/web/src/lib/scriptless.ts): it is alive at `load`.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    waitForHydration(context);
    // Each journey's browser is a visitor of its own, from an address of its own (visitor-address.ts).
    await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    await use(context);
  },
});

/** The same for a context a journey opens itself (a second user beside the first). */
export function waitForHydration(context: BrowserContext) {
  context.on("page", waitForHydrationOnNavigation);
}

function waitForHydrationOnNavigation(page: Page) {
  const hydrated = () => page.waitForSelector("html[data-hydrated], html[data-scriptless]", { state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydrated();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydrated();
    return response;
  };
}
