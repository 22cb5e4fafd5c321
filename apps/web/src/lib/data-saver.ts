/**
 * Data saver (issue 31, decision 105): smallest card photos, gallery photos only on a tap, a home slider that never
 * moves by itself. It is on when the visitor turned it on here, or, unless they turned it off, when the browser asks
 * (`Save-Data: on`, `navigator.connection.saveData`) or reports a 2G connection. The visitor's choice is a cookie, so
 * the server renders the next document light without any script, and a page sent without scripts can change it by a
 * plain form (`/data-saver`, app/routes/data-saver.ts).
 */
import { createContext, useContext, useSyncExternalStore } from "react";

export type DataSaverSetting = "on" | "off";

/** The visitor's choice, kept a year on this device; absent means "automatic". Read by the server and the page. */
export const DATA_SAVER_COOKIE = "data_saver";
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Where the menu's and the footer's forms post the choice when the page has no script alive. */
export const DATA_SAVER_PATH = "/data-saver";

/** Connections the Network Information API calls 2G: a 100 KB photo takes 4 s or more on them. */
const SLOW_CONNECTIONS: ReadonlySet<string> = new Set(["slow-2g", "2g"]);

/** What the browser tells a page of its connection (Chromium's Network Information API; absent elsewhere). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** The one rule: the visitor's choice wins; without one, the browser's request or a 2G connection turns it on. */
export function dataSaverOn({
  setting,
  saveDataHeader,
  connection,
}: {
  setting: DataSaverSetting | null;
  saveDataHeader: boolean;
  connection?: ConnectionHints;
}): boolean {
  if (setting) return setting === "on";
  if (saveDataHeader || connection?.saveData) return true;
  return connection?.effectiveType !== undefined && SLOW_CONNECTIONS.has(connection.effectiveType);
}

const COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([^;]*)`);

/** The choice kept in a `Cookie` header (or `document.cookie`); null when none, or an unknown value. */
export function dataSaverSettingOf(cookies: string | null | undefined): DataSaverSetting | null {
  const value = cookies?.match(COOKIE_PATTERN)?.[1];
  return value === "on" || value === "off" ? value : null;
}

/** Whether a request carries `Save-Data: on` (its only defined token; any other value is not a request to save). */
export function asksToSaveData(headers: Headers): boolean {
  return (headers.get("save-data") ?? "").trim().toLowerCase() === "on";
}

/** The `Set-Cookie` value that keeps a choice on this device. Not HttpOnly: the page reads it too. */
export function dataSaverCookie(setting: DataSaverSetting): string {
  return `${DATA_SAVER_COOKIE}=${setting}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** A page's own path, never another site's (`//host`, `/\\host`): where the switch's form goes back to. */
function localPathOr(path: unknown, fallback: string): string {
  return typeof path === "string" && /^\/(?![/\\])/.test(path) ? path : fallback;
}

/** The switch's form (`setting`, `back`), or null when its setting is neither on nor off. */
export function parseDataSaverForm(form: FormData): { setting: DataSaverSetting; back: string } | null {
  const setting = form.get("setting");
  if (setting !== "on" && setting !== "off") return null;
  return { setting, back: localPathOr(form.get("back"), "/") };
}

/** What the server saw of a document's request, handed to the page by the root loader. */
export interface DataSaverRequest {
  /** The request carried `Save-Data: on`; the page cannot see its own request's headers. */
  saveDataHeader: boolean;
  /** The server's decision, which the page was rendered with and hydrates with. */
  on: boolean;
}

export function dataSaverRequestOf(request: Request): DataSaverRequest {
  const saveDataHeader = asksToSaveData(request.headers);
  const setting = dataSaverSettingOf(request.headers.get("cookie"));
  return { saveDataHeader, on: dataSaverOn({ setting, saveDataHeader }) };
}

/** The root provides what the server saw (root.tsx); a page rendered outside it has no data saver. */
export const DataSaverRequestContext = createContext<DataSaverRequest>({ saveDataHeader: false, on: false });

type NetworkInformation = ConnectionHints & EventTarget;
const connectionOf = () =>
  typeof navigator === "undefined" ? undefined : (navigator as { connection?: NetworkInformation }).connection;

const listeners = new Set<() => void>();
function subscribe(listener: () => void) {
  listeners.add(listener);
  // The connection changes as a phone moves between 2G and 3G.
  connectionOf()?.addEventListener("change", listener);
  return () => {
    listeners.delete(listener);
    connectionOf()?.removeEventListener("change", listener);
  };
}

/**
 * Whether photos should be spared on this page. The server's render and hydration use the server's decision, so
 * the page hydrates without a difference; the browser's own view (its setting cookie, its connection) follows.
 */
export function useDataSaver(): boolean {
  const request = useContext(DataSaverRequestContext);
  return useSyncExternalStore(
    subscribe,
    () =>
      dataSaverOn({
        setting: dataSaverSettingOf(document.cookie),
        saveDataHeader: request.saveDataHeader,
        connection: connectionOf(),
      }),
    () => request.on,
  );
}

/** Keeps the visitor's choice on this device, and redraws what depends on it. */
export function setDataSaver(setting: DataSaverSetting) {
  document.cookie = dataSaverCookie(setting);
  listeners.forEach((listener) => listener());
}
