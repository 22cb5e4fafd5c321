import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one-click unsubscribe link's token (RFC 8058, decision 080): the search and its owner, signed with the server's
 * token secret (HMAC-SHA256), so the link needs no sign-in and cannot be made for another search or altered. It does
 * not expire: an old mail's link still unsubscribes, which is all it can do.
 */
export function createUnsubscribeTokens(secret: string) {
  const sign = (payload: string) =>
    createHmac("sha256", secret).update(`saved-search-unsubscribe:${payload}`).digest("base64url");

  return {
    issue(savedSearchId: number, userId: number) {
      const payload = `${savedSearchId}.${userId}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The search and user a token names, or null for a forged, altered or malformed one. */
    verify(token: string): { savedSearchId: number; userId: number } | null {
      const match = /^(\d{1,10})\.(\d{1,10})\.([\w-]{43})$/.exec(token);
      if (!match) return null;
      const expected = Buffer.from(sign(`${match[1]}.${match[2]}`));
      const given = Buffer.from(match[3]!);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return { savedSearchId: Number(match[1]), userId: Number(match[2]) };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
