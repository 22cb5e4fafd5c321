const DEVICE_KEY = "waterside.device_id";

/**
 * Generated once, kept in local storage, sent on login, refresh, logout and deletion, and as a visitor's id with the
 * analytics log. A module of its own: the reading script of a page sent without the app (lib/reading-page.ts) needs
 * it without the session's code.
 */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}
