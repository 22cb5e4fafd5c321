import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { visitorAddress } from "./visitor-address";

export { expect } from "@playwright/test";

/**
 * A server-rendered page loads its scripts after its `load` event (apps/web/src/entry.server.tsx), so Playwright's
 * goto and reload, which return at `load`, would hand over a page whose buttons are not alive yet. The journeys'
 * `test` makes them return once the page has hydrated, on every page of the journey's browser context. An info page
 * is sent without React's scripts (`<html data-scriptless>`, apps/web/src/lib/scriptless.ts): it is alive at `load`.
 *
 * A public page loads its app only on the reader's intent in a browser that has never run it (decision 107); the
 * journeys' browsers are ones that have, so their pages hydrate at load as a returning reader's do. A journey about
 * the first visit itself sets `firstVisit`: its public pages then wait for intent (`<html data-app-waits>`).
 */
export const test = base.extend<{ firstVisit: boolean }>({
  firstVisit: [false, { option: true }],
  context: async ({ context, firstVisit }, use) => {
    waitForHydration(context, { returning: !firstVisit });
    // Each journey's browser is a visitor of its own, from an address of its own (visitor-address.ts).
    await context.setExtraHTTPHeaders({ "x-forwarded-for": visitorAddress() });
    await use(context);
  },
});

/**
 * The same for a context a journey opens itself (a second user beside the first). `returning`: a browser that has run
 * the app before (apps/web/src/lib/scriptless.ts `APP_RAN_STORAGE_KEY`), set on each page before its first goto.
 */
export function waitForHydration(context: BrowserContext, { returning = true } = {}) {
  context.on("page", (page) => {
    // Settled either way: a page closed before its first goto (a journey skipped at once) must not fail the journey.
    const ready = returning ? page.addInitScript(markAppRan).then(settled, settled) : Promise.resolve();
    waitForHydrationOnNavigation(page, ready);
  });
}

const settled = () => undefined;

function markAppRan() {
  try {
    localStorage.setItem("waterside.app-ran", "1");
  } catch {
    // A page without storage (about:blank) has nothing to load.
  }
}

function waitForHydrationOnNavigation(page: Page, ready: Promise<void>) {
  const hydrated = () =>
    page.waitForSelector("html[data-hydrated], html[data-scriptless], html[data-app-waits]", { state: "attached" });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    await ready;
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
