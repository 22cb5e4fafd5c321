import { AD_CARD_ATTRIBUTE, OPENED_AD_ATTRIBUTE, logAdClick, startAnalyticsLog, watchAdCard } from "./analytics-log";
import { deviceId } from "./device-id";

/**
 * What a public page does while a visitor only reads it, before (or without) the app (decision 107): the spec's
 * analytics log (§4, §9), so the cards they saw and the ad they opened count as they do once the app runs. It is
 * bundled on its own (vite.config.ts) and sent inside the page, about 1 KB gzip; it must import nothing of the app.
 * A signed-in reader's page loads the app at once and never runs this (lib/defer-hydration.ts).
 */
export function startReadingPage() {
  startAnalyticsLog({ accessToken: async () => null, deviceId });
  for (const card of document.querySelectorAll<HTMLElement>(`[${AD_CARD_ATTRIBUTE}]`)) {
    watchAdCard(card, Number(card.getAttribute(AD_CARD_ATTRIBUTE)));
  }
  const opened = document.querySelector(`[${OPENED_AD_ATTRIBUTE}]`);
  if (opened) logAdClick(Number(opened.getAttribute(OPENED_AD_ATTRIBUTE)));
}
