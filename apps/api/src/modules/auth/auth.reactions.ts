import type { DomainEvents } from "../../lib/domain-events.ts";
import type { TokenService } from "./tokens.ts";

/** What sign-in does when other modules' events happen. */
export function reactToAuthEvents(events: DomainEvents, tokens: TokenService) {
  // Every device of a deleted account is signed out with the deletion itself.
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tokens.revokeUserSessions(userId, undefined, tx);
  });
}
