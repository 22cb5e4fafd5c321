import { APP_FORM_ATTRIBUTE, EARLY_TAPS_GLOBAL, HELD_BUTTONS, HELD_VALUE, MENU_BUTTONS } from "./early-taps";
import { APP_RAN_STORAGE_KEY, SESSION_STORAGE_KEY, SIGNED_IN_ONLY_ATTRIBUTE } from "./scriptless";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const HYDRATION_SCRIPT = /(<script(?: nonce="[^"]*")? type="module" async="">)([\s\S]*?)<\/script>/;
/** React Router's context and the page's loader data: the classic inline scripts that set up its stream and fill it. */
const ROUTER_DATA_SCRIPT = /(<script(?: nonce="[^"]*")?>)(window\.__reactRouterContext[\s\S]*?)<\/script>/g;

/** Where a page loaded on intent keeps the function that loads its app, for the early-taps script to call. */
const BOOT_GLOBAL = "__bootApp";

export interface DeferHydrationOptions {
  /**
   * A public page a visitor may only read (decision 107): its app is loaded at the reader's first tap on a control or
   * focus in a field, or at `load` when a user is signed in or the app has run in this browser before. Until then the
   * page carries the info pages' script (menu, account links) and `readingScript`, the analytics log's, and is marked
   * `<html data-app-waits>`.
   */
  onIntent?: {
    readingScript: string;
    /**
     * Where the page's start-up (`takePageBoot`, already taken out of `html`) is kept for it (decision 111): the app is
     * loaded by fetching it there, at the same moments. Without it the page carries its start-up itself.
     */
    bootUrl?: string;
  };
}

/**
 * What a page's app needs to start besides its files: React Router's context and page data, the files to fetch
 * together, and the module that hydrates the page. A first visit's public page is sent without it and fetches it at
 * the reader's intent (decision 111); it is data only, so the page's own loader runs it with the page's nonce.
 */
export interface PageBoot {
  /** The router's context and loader data, run as one classic script before the hydration module. */
  routerData: string;
  /** The code's files, preloaded together instead of found as a waterfall of imports. */
  preloads: string[];
  /** The module that imports the page's routes and hydrates it. */
  hydration: string;
}

/**
 * A page's HTML without its start-up (the router's data, module preloads and hydration module), and that start-up.
 * The scripts React rendered stay, empty: hydration expects each element where the server put it.
 */
export function takePageBoot(html: string): { html: string; boot: PageBoot } | null {
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return null;
  const routerData: string[] = [];
  const page = html
    .replace(ROUTER_DATA_SCRIPT, (_script, openingTag: string, code: string) => {
      routerData.push(code);
      return `${openingTag}</script>`;
    })
    .replace(MODULE_PRELOAD, "")
    .replace(hydration[0], () => `${hydration[1]}</script>`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  return { html: page, boot: { routerData: routerData.join(";\n"), preloads, hydration: hydration[2]! } };
}

/**
 * Moves a server-rendered page's scripts after its `load` event, or until the reader's intent (`onIntent`): the
 * module preloads and the script that imports the routes and hydrates. A phone on a thin connection then spends it
 * on the page's text, styles and first photos, which are all there without JavaScript, and fetches the ~130 KB of
 * code afterwards. Links work before hydration (they are plain links), and the preloads still fetch the code in
 * parallel, not as a waterfall of imports.
 *
 * `nonce` is the response's Content-Security-Policy nonce: both the loader and the module script it creates
 * carry it, since an inline script runs only with it, even one created by a script that had it.
 */
export function deferHydration(html: string, nonce?: string, { onIntent }: DeferHydrationOptions = {}): string {
  const bootUrl = onIntent?.bootUrl;
  const hydration = HYDRATION_SCRIPT.exec(html);
  if (!hydration) return html;
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"` : "";
  // First in the head, so it listens before the page's first paint shows a button. A page loaded on intent opens
  // its menu with its own script, so the menu's buttons are not held there.
  const earlyTaps = `<script${nonceAttribute}>${earlyTapsScript(onIntent ? `${HELD_BUTTONS}:not(${MENU_BUTTONS})` : HELD_BUTTONS)}</script>`;
  /** Script text that preloads the files, runs the router's data (when given) and then the hydration module. */
  const start = (preloads: string, hydrationModule: string, routerData?: string) => {
    const script = (type: string, text: string) =>
      `s=document.createElement("script");${type}${nonce ? `s.nonce=${json(nonce)};` : ""}` +
      `s.textContent=${text};document.body.appendChild(s);`;
    return (
      `var s;${preloads}.forEach(function(href){var l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.appendChild(l)});` +
      (routerData ? script("", routerData) : "") +
      script('s.type="module";', hydrationModule)
    );
  };
  // A start-up kept on the server comes as data (PageBoot), run here with the page's nonce. An answer other than 200
  // means the page cannot be rendered again (it moved, or is gone): a reload shows what is there now. A failed fetch
  // (no signal) lets the next tap try again; the taps held until then stay marked busy.
  const boot = bootUrl
    ? `function(){fetch(${json(bootUrl)}).then(function(r){if(!r.ok){location.reload();throw r}return r.json()})` +
      `.then(function(p){${start("p.preloads", "p.hydration", "p.routerData")}}).catch(function(){b=0})}`
    : `function(){${start(json([...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])), json(hydration[2]))}}`;
  const loader = onIntent
    ? `<script${nonceAttribute}>(function(w,d){var b=0,r;function boot(){if(!b){b=1;(${boot})()}}w.${BOOT_GLOBAL}=boot;` +
      `try{r=localStorage.getItem(${json(APP_RAN_STORAGE_KEY)})||JSON.parse(localStorage.getItem(${json(SESSION_STORAGE_KEY)})).user}catch(e){}` +
      `if(r){addEventListener("load",boot,{once:true});return}d.documentElement.setAttribute("data-app-waits","");` +
      `d.addEventListener("focusin",function(e){var t=e.target;t.matches&&t.matches("input,select,textarea")&&boot()},true);` +
      `${onIntent.readingScript}})(window,document)</script>` +
      `<script${nonceAttribute}>${SCRIPTLESS_PAGE_SCRIPT}</script>`
    : `<script${nonceAttribute}>addEventListener("load",${boot},{once:true})</script>`;
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(hydration[0], () => loader)
    .replace(/<head>/, () => `<head>${earlyTaps}`);
}

/** JSON inside a script: "<" is escaped so the page's text can never close the script early. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * Holds the taps a page gets before its app is alive (lib/early-taps.ts, decision 106), kept to a few hundred bytes:
 * - a click on a button that needs the app, or a choice in a select, while `<html>` is not yet `data-hydrated`, is
 *   stopped in the capture phase before anything else hears it (React's own listener included, which would answer it
 *   from a half-hydrated page), and the control is kept once, in order, marked `aria-busy`, with the value it had
 *   then (a select's last choice); the app replays it. A submit of a form only the app can send is held the same
 *   way (a native submit would put a password in the address). On a page loaded on intent, it is what loads the app;
 * - once the page is parsed, a user kept in local storage shows the parts marked for signed-in readers, so they are
 *   there to tap too. Unreadable storage leaves them hidden until the app knows who is there.
 */
const earlyTapsScript = (heldButtons: string) =>
  `(function(d,w){var q=w.${EARLY_TAPS_GLOBAL}=[],h=d.documentElement;` +
  `function hold(e,t){if(!t||h.hasAttribute("data-hydrated"))return;` +
  `e.preventDefault();e.stopImmediatePropagation();t.${HELD_VALUE}=t.value;` +
  `if(q.indexOf(t)<0){q.push(t);t.setAttribute("aria-busy","true")}w.${BOOT_GLOBAL}&&w.${BOOT_GLOBAL}()}` +
  `d.addEventListener("click",function(e){hold(e,e.target.closest&&e.target.closest(${JSON.stringify(heldButtons)}))},true);` +
  `d.addEventListener("change",function(e){e.target.tagName=="SELECT"&&hold(e,e.target)},true);` +
  `d.addEventListener("submit",function(e){e.target.hasAttribute("${APP_FORM_ATTRIBUTE}")&&hold(e,e.target)},true);` +
  `d.addEventListener("DOMContentLoaded",function(){try{if(JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})).user)` +
  `d.querySelectorAll("[${SIGNED_IN_ONLY_ATTRIBUTE}]").forEach(function(e){e.hidden=false})}catch(e){}})` +
  `})(document,window)`;

const ANY_SCRIPT = /<script\b([^>]*)>[\s\S]*?<\/script>/g;
const JSON_LD = /\btype="application\/ld\+json"/;

/**
 * The one script of a page sent without React's (lib/scriptless.ts), kept to a few hundred bytes:
 * - the mobile menu: the server renders its links inside the closed <dialog id="site-menu">; a click on
 *   `[data-opens-menu]` opens it, on `[data-closes-menu]` or the backdrop (the dialog itself) closes it. Escape,
 *   focus and the inert page behind are the browser's own.
 * - the account links: the session lives in local storage, which the server cannot read, so the top bar is sent
 *   with Login showing and the signed-in links hidden (top-bar.tsx `ScriptlessAccountArea`); a stored user swaps
 *   them and puts their initial in the profile link (an attribute the style shows: text would not match what the app
 *   hydrates on a page loaded on intent, decision 107). Unreadable storage leaves Login, which still works.
 * It does not register the service worker (decision 102): installing it from a page that loaded no code would download
 * the code it precaches while the visitor moves on. The next hydrated page registers it, and info pages opened from
 * then on are kept for offline reading like any other.
 */
const SCRIPTLESS_PAGE_SCRIPT =
  `(function(d){d.addEventListener("click",function(e){var t=e.target,m=d.getElementById("site-menu");` +
  `if(!m||!t.closest||d.documentElement.hasAttribute("data-hydrated"))return;if(t.closest("[data-opens-menu]"))m.showModal();` +
  `else if(t===m||t.closest("[data-closes-menu]"))m.close()});` +
  `try{var u=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})).user,` +
  `a=d.querySelector("[data-session=signed-in]"),o=d.querySelector("[data-session=signed-out]");` +
  `if(u&&a&&o){o.hidden=true;a.hidden=false;a.setAttribute("data-signed-in","");` +
  `var i=a.querySelector("[data-initial]");if(i)i.setAttribute("data-initial",String(u.name||"").charAt(0).toUpperCase())}` +
  `}catch(e){}})(document)`;

/**
 * A page whose route says `scripts: false` (lib/scriptless.ts), sent with no framework JavaScript: drops the module
 * preloads and every script React Router and React put in it (scroll restoration, the router's context and stream
 * data, the hydration module), keeps structured data (`application/ld+json`, read by search engines, never run),
 * and adds the one inline script above with the response's nonce, which the Content-Security-Policy requires.
 * `<html data-scriptless>` tells the journeys (and any style) that the page is complete as sent.
 */
export function withoutScripts(html: string, nonce?: string): string {
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"` : "";
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(ANY_SCRIPT, (script, attributes: string) => (JSON_LD.test(attributes) ? script : ""))
    .replace(/<html\b/, '<html data-scriptless=""')
    .replace("</body>", () => `<script${nonceAttribute}>${SCRIPTLESS_PAGE_SCRIPT}</script></body>`);
}
