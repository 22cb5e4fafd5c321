import { BRAND } from "@waterside/shared/brand";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { Modal } from "~/components/ui/modal";
import { rememberReturnRoute, useSession } from "~/lib/session";
import { closePrompt, openSignupPrompt, usePrompt } from "~/lib/login-prompt";

/** Spec §9: the sign-up prompt appears after 5 seconds for a visitor. */
const SIGNUP_PROMPT_DELAY_MS = 5000;
const SIGNUP_PROMPT_SEEN = "waterside.signup_prompt_seen";

/** Fields where a visitor types or picks: the search words, its place, any form's text. */
const TYPING_FIELDS =
  "input:not([type=checkbox],[type=radio],[type=button],[type=submit],[type=reset],[type=range],[type=file]), textarea, select, [contenteditable=true]";
const isTyping = () => document.activeElement?.matches(TYPING_FIELDS) ?? false;

/**
 * The login prompt (a visitor's signed-in action) and, on public pages (`invite`), the sign-up invitation
 * (once per browser session, 5 s after a visitor arrives, or later while they type). Both lead to /auth and back here afterwards.
 */
export function AuthPrompts({ invite = true }: { invite?: boolean }) {
  const session = useSession();
  const prompt = usePrompt();
  const location = useLocation();
  const here = location.pathname + location.search;

  useEffect(() => {
    if (!invite || session.status !== "signed-out" || sessionStorage.getItem(SIGNUP_PROMPT_SEEN)) return;
    let timer: number | undefined;
    const wait = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(due, SIGNUP_PROMPT_DELAY_MS);
    };
    // Someone typing a search (or any text) is not interrupted: the invitation, which takes the focus, waits until
    // they leave the field, then the same delay again (decision 064).
    const due = () => {
      if (isTyping()) {
        document.addEventListener("focusout", wait, { once: true });
        return;
      }
      sessionStorage.setItem(SIGNUP_PROMPT_SEEN, "1");
      openSignupPrompt();
    };
    wait();
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("focusout", wait);
    };
  }, [invite, session.status]);

  const open = prompt !== null && session.status === "signed-out";
  const title = prompt?.kind === "login" ? "Please log in" : `Join ${BRAND}`;
  const text =
    prompt?.kind === "login"
      ? prompt.reason
      : "Create a free account to save ads, chat with sellers and post your own ads.";
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && closePrompt()}
      label={title}
      className="mx-auto mt-[20vh] w-[calc(100%-2rem)] max-w-sm rounded-2xl bg-white p-6 shadow-xl"
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-slate-600">{text}</p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse">
        <Link
          to="/auth"
          state={{ form: prompt?.kind === "signup" ? "register" : "login" }}
          onClick={() => {
            rememberReturnRoute(here);
            closePrompt();
          }}
          className="flex-1 rounded-lg bg-emerald-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-emerald-800"
        >
          {prompt?.kind === "signup" ? "Sign up" : "Login"}
        </Link>
        <button
          type="button"
          onClick={closePrompt}
          className="flex-1 rounded-lg border border-slate-300 px-4 py-2.5 font-medium hover:bg-slate-50"
        >
          Not now
        </button>
      </div>
    </Modal>
  );
}
