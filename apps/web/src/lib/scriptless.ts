/**
 * Pages sent without React's scripts (issue 31, decision 097 option b): a route whose handle says `scripts: false`
 * (the info pages) is rendered on the server and sent with no framework JavaScript, only a small inline script
 * (lib/defer-hydration.ts `withoutScripts`) for the mobile menu and the top bar's account links. The handle
 * applies to a document request only: the hydrated app still moves into such a page on the client.
 */
export interface NoScriptsHandle {
  scripts?: boolean;
}

/** Whether a page's matched routes' handles ask for it to be sent without scripts. */
export function isScriptless(handles: readonly unknown[]): boolean {
  return handles.some((handle) => (handle as NoScriptsHandle | undefined)?.scripts === false);
}

/** The key lib/session.ts keeps the signed-in user under, read by the inline script too. */
export const SESSION_STORAGE_KEY = "waterside.session";

/**
 * Marks what only a signed-in reader is offered on a page that hydrates later (the ad page's quick messages). The
 * server renders such a part `hidden`, since it cannot read the session kept in local storage; the page's early-taps
 * script (lib/defer-hydration.ts) shows it as soon as the page is parsed when storage holds a user, so a signed-in
 * reader can tap it before the app runs (lib/early-taps.ts). Kept here, beside the session's key, so that the ad page
 * imports it with the session instead of a chunk of its own.
 */
export const SIGNED_IN_ONLY_ATTRIBUTE = "data-signed-in-only";
