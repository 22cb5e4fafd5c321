/**
 * Pages sent without React's scripts (issue 31, decision 097 option b): a route whose handle says `scripts: false`
 * (the info pages) is rendered on the server and sent with no framework JavaScript, only a small inline script
 * (lib/defer-hydration.ts `withoutScripts`) for the mobile menu and the top bar's account links. The handle
 * applies to a document request only: the hydrated app still moves into such a page on the client.
 */
export interface NoScriptsHandle {
  /**
   * `false`: never any framework script (the info pages). `"on-intent"`: the public pages a visitor reads (decision
   * 107): sent like an info page, with the app loaded when the reader first asks for more than reading (a tap on a
   * control, a field focused), or at once for a signed-in reader or a browser that has run the app before.
   */
  scripts?: false | "on-intent";
}

const scriptsOf = (handles: readonly unknown[]) =>
  handles.map((handle) => (handle as NoScriptsHandle | undefined)?.scripts);

/** Whether a page's matched routes' handles ask for it to be sent without scripts. */
export function isScriptless(handles: readonly unknown[]): boolean {
  return scriptsOf(handles).includes(false);
}

/** Whether a page's app is loaded on the reader's intent (a route's `"on-intent"`, unless another says `false`). */
export function loadsAppOnIntent(handles: readonly unknown[]): boolean {
  const scripts = scriptsOf(handles);
  return !scripts.includes(false) && scripts.includes("on-intent");
}

/**
 * Whether the document may be shown without the app: an info page, or a public page until its app loads. Its top bar
 * then carries both account areas and the menu's links, for the page's inline script to use.
 */
export const sentWithoutApp = (handles: readonly unknown[]) => isScriptless(handles) || loadsAppOnIntent(handles);

/**
 * Set in local storage once the app has run in this browser (root.tsx): its code is then likely in the HTTP cache, so
 * a public page loads it at once instead of on the reader's intent (decision 107).
 */
export const APP_RAN_STORAGE_KEY = "waterside.app-ran";

/**
 * The same fact for the server (root.tsx sets both): a browser that has run the app gets public pages with their
 * start-up inline, as its service worker keeps them for offline reading; one that has not gets them without it, kept on
 * the server until the reader's intent (decision 111).
 */
const APP_RAN_COOKIE = "waterside_app_ran";
const APP_RAN_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${APP_RAN_COOKIE}=1(?:;|$)`);

/** Whether a request's `Cookie` header says this browser has run the app. */
export const appHasRunIn = (cookies: string | null) => APP_RAN_COOKIE_PATTERN.test(cookies ?? "");

/** The cookie root.tsx sets once the app has run: a year, sent with every page of the site. */
export const APP_RAN_COOKIE_VALUE = `${APP_RAN_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax`;

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
