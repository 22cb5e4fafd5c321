import type * as ChatRuntime from "./chat-runtime";

let runtime: Promise<typeof ChatRuntime> | null = null;

/**
 * The chat's realtime side (socket, delivery, catch-up), fetched the first time a signed-in page needs it: the top
 * bar holds only this and new-messages.ts, which the runtime imports (so neither imports the other back).
 */
export function loadChatRuntime() {
  runtime ??= import("./chat-runtime").catch((error: unknown) => {
    // A failed download (the connection dropped) is tried again on the next page.
    runtime = null;
    throw error;
  });
  return runtime;
}

/** Signing out closes the socket, if it was ever opened. */
export function stopChatRuntime() {
  void runtime?.then(({ stopChat }) => stopChat());
}
