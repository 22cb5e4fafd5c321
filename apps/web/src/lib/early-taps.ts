/**
 * Taps made before the app is alive (issue 31, "No tap is lost before the scripts run"; decision 106). A server-rendered
 * page loads its scripts after `load` (lib/defer-hydration.ts), so it shows its buttons seconds before React answers
 * them. A small inline script in the page's head (`EARLY_TAPS_SCRIPT` there) holds each first tap on a button, and each
 * choice in a select, until then: it stops the event before anything else hears it, marks the control
 * `aria-busy="true"` (app.css draws it waiting) and keeps it here. Once the page has hydrated, `replayEarlyTaps` gives
 * every held control, in order and once each, the tap or the choice again, which the app now answers.
 */

/** Where the inline script keeps the held controls, in the order they were first tapped. */
export const EARLY_TAPS_GLOBAL = "__earlyTaps";

/**
 * The controls whose taps are held: every button that does something only with the app (a `type="button"`; submit
 * buttons are left to their form, which the server answers, as the listing's filter form and the search box are).
 */
export const HELD_BUTTONS = "button[type=button]";

/**
 * Forms only the app can send (the sign-in form): a submit made before it is alive is held like a tap and sent again
 * once it is. Other forms (the filters, the search box) are answered by the server as they are.
 */
export const APP_FORM_ATTRIBUTE = "data-app-form";

/** The mobile menu's buttons, which a page sent without its app opens and closes by its own script. */
export const MENU_BUTTONS = "[data-opens-menu],[data-closes-menu]";

/**
 * The value a held control had when it was last tapped or chosen, kept on the element: a select the app renders
 * controlled is set back to the server's value by the first render after hydration, before the replay.
 */
export const HELD_VALUE = "heldValue";

type HeldControl = (HTMLButtonElement | HTMLSelectElement | HTMLFormElement) & { [HELD_VALUE]?: string };

declare global {
  interface Window {
    [EARLY_TAPS_GLOBAL]?: HeldControl[];
  }
}

/**
 * Gives the held controls their tap (a click), their choice (the select set to it again, then a `change`) or their
 * submit (`requestSubmit`) now that React listens. Called once, when the root has hydrated (root.tsx). It waits one
 * task: the first render after hydration shows what the server could not know (the session read from local storage,
 * the saved hearts), and controls must answer as that render says, so a signed-in reader's Save saves rather than
 * asking them to log in.
 */
export function replayEarlyTaps() {
  const held = window[EARLY_TAPS_GLOBAL] ?? [];
  // The inline script stops holding taps once the page is marked hydrated; a later tap goes straight to React.
  window[EARLY_TAPS_GLOBAL] = [];
  if (held.length === 0) return;
  setTimeout(() => {
    for (const control of held) {
      control.removeAttribute("aria-busy");
      // A control the app no longer renders (it re-rendered a different tree) has nothing left to answer.
      if (!control.isConnected) continue;
      if (control instanceof HTMLFormElement) control.requestSubmit();
      else if (control instanceof HTMLSelectElement) {
        control.value = control[HELD_VALUE] ?? control.value;
        control.dispatchEvent(new Event("change", { bubbles: true }));
      } else control.click();
    }
  });
}

/** Whether this page's app has hydrated: not on the server, nor while the page the server sent is being hydrated. */
export const appHydrated = () =>
  typeof document !== "undefined" && document.documentElement.hasAttribute("data-hydrated");
