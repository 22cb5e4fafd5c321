import { randomUUID } from "node:crypto";

/**
 * Where a journey's visitor comes from. People use the marketplace from their own addresses; a whole run of journeys
 * from 127.0.0.1 would be one address signing in to every demo account, and the demo admin, dozens of times, past
 * the per-address limits of docs/decisions/032-login-lockout.md and 016. The journeys' server trusts its loopback
 * proxy (TRUST_PROXY in playwright.config.ts), so each journey's browser (hydrated-page.ts) and each API sign-in
 * (signed-in.ts) names an address of its own. The limits themselves are tested in the API's suites.
 */
export function visitorAddress() {
  const [a, b, c] = randomUUID()
    .replace(/-/g, "")
    .match(/../g)!
    .map((hex) => Number.parseInt(hex, 16));
  return `10.${a}.${b}.${Math.max(1, c!)}`;
}
