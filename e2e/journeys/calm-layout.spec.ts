import { expect, test } from "./hydrated-page";
import { skipSignupPrompt } from "./signup-prompt";

/** Spec §9: the slider moves every 3 s, so five moves are the 15 seconds of watching. */
const SLIDE_MOVES = 5;

interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: string[];
}

test("the home slider never moves the page: no layout shift from load through 15 seconds of slides", async ({
  page,
}) => {
  await skipSignupPrompt(page);
  // From the first byte: every layout shift, with the elements that moved, as the browser reports them.
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & Record<string, unknown>>) {
        const sources = (entry.sources as Array<{ node?: Node | null }>).map((source) => {
          const node = source.node;
          return node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
        });
        shifts.push({ value: entry.value as number, hadRecentInput: entry.hadRecentInput as boolean, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  const slider = page.getByRole("region", { name: "Highlights" });
  await expect(slider).toBeVisible();

  // Watch the slider change slides five times, as a visitor who only looks would.
  const current = slider.getByRole("button", { name: /^Slide \d of \d$/ }).and(page.locator("[aria-current=true]"));
  let seen = (await current.getAttribute("aria-label"))!;
  for (let move = 0; move < SLIDE_MOVES; move++) {
    await expect(current).not.toHaveAttribute("aria-label", seen, { timeout: 10_000 });
    seen = (await current.getAttribute("aria-label"))!;
  }

  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
  // Cumulative layout shift counts the shifts no input caused: none at all, not merely a small sum.
  expect(shifts.filter((shift) => !shift.hadRecentInput)).toEqual([]);
});
