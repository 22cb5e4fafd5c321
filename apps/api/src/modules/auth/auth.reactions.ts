import type { DomainEvents } from "../../lib/domain-events.ts";
import type { TokenService } from "./tokens.ts";

/** What sign-in does when other modules' events happen. */
export function reactToAuthEvents(
  events: DomainEvents,
  tokens: TokenService,
  realtime: { disconnectSession(sessionId: string): void },
) {
  // Every device of a deleted account is signed out with the deletion itself.
  events.onWrite("user.deleted", async ({ userId }, tx) => {
    await tokens.revokeUserSessions(userId, undefined, tx);
  });

  // A ban signs the user out everywhere: the next request with an old token gets 401 'banned' (decision 050), and
  // open chat sockets of those sessions close at the commit, on every process (the chat's minute recheck would end
  // them anyway).
  events.onWrite("user.banned", async ({ userId }, tx, afterCommit) => {
    const revoked = await tokens.revokeUserSessions(userId, undefined, tx);
    afterCommit(async () => {
      for (const sessionId of revoked) realtime.disconnectSession(sessionId);
    });
  });
}
