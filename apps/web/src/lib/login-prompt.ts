import { useSyncExternalStore } from "react";

/** Which prompt is open: the sign-up invitation for visitors, or the login prompt of a signed-in action. */
type Prompt = null | { kind: "login"; reason: string } | { kind: "signup" };

let prompt: Prompt = null;
const listeners = new Set<() => void>();
const set = (next: Prompt) => {
  prompt = next;
  listeners.forEach((listener) => listener());
};

/** Spec §6: a visitor trying a signed-in action (save, chat, sell) is asked to log in first. */
export const openLoginPrompt = (reason: string) => set({ kind: "login", reason });
export const openSignupPrompt = () => set({ kind: "signup" });
export const closePrompt = () => set(null);

export function usePrompt() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => prompt,
    () => null,
  );
}
