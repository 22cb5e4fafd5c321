/** Chat limits and messages without zod: the web's chat screen and the socket read them (spec §5, §8). */

/** A message's length in characters (docs/decisions/038-chat-delivery.md): a long description, not a document. */
export const CHAT_MESSAGE_MAX = 2000;
/** Messages per page of a conversation, newest page first. */
export const CHAT_MESSAGES_PAGE = 30;
export const CHATS_PAGE = 20;
/** The client's own id for a message (a UUID or similar): what makes a resend harmless. */
export const CHAT_CLIENT_ID_MAX = 64;
/** Spec §4: long words are broken into chunks of this many characters for display. */
export const CHAT_WORD_CHUNK = 20;
/** Spec §2: the seller panel's bio preview. */
export const CHAT_BIO_PREVIEW = 50;

/** Spec §2: the ad page's quick messages for signed-in users. */
export const QUICK_MESSAGES = ["Call me", "I’m interested", "Last Price"] as const;

export const CHAT_MESSAGES = {
  empty: "A chat message cannot be empty",
  tooLong: `A chat message can be at most ${CHAT_MESSAGE_MAX} characters.`,
  self: "You cannot chat with yourself.",
  unavailable: "This user cannot receive messages.",
  blocked: "You cannot send messages in this chat: one of you has blocked the other.",
  receiverRequired: "Choose who to write to.",
  adNotTheirs: "Choose an ad of this seller.",
  flooded: "You are sending messages too fast. Please wait a moment.",
  /** The server has more messages waiting to be stored than it keeps (decision 101): the client sends again. */
  busy: "Too many messages are arriving right now. Yours will be sent again in a moment.",
  blockedDone: "User blocked.",
  unblockedDone: "User unblocked.",
  openError: (seller: string) => `Error opening chat with ${seller}`,
} as const;

/** The client id prefix of a safe deal's steps in its chat (issue 33): reserved, no person's message carries it. */
export const DEAL_NOTICE_PREFIX = "deal:";
