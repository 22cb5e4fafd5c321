import type { TCounty } from "@waterside/shared/catalog";
import { createContext, use, type ReactNode } from "react";
import { browserTransport } from "./api-client";
import { getLocations } from "./api/get-locations";

const LocationsContext = createContext<TCounty[] | null>(null);

/**
 * Liberia's counties and their areas (spec: 15 counties, each with its areas), for the search bar's place picker on
 * every page: given to the whole app, not carried in each page's router data. They are reference data the API caches
 * for a day: the server renders a page with them (entry.server.tsx) and the browser reads the same list before it
 * hydrates (HTTP cache, service worker), so a page and every move between lists no longer carry 9 KB of them beside
 * the picker's own options.
 */
export function LocationsProvider({ counties, children }: { counties: TCounty[]; children: ReactNode }) {
  return <LocationsContext value={counties}>{children}</LocationsContext>;
}

export function useCounties(): TCounty[] {
  const counties = use(LocationsContext);
  if (!counties) throw new Error("useCounties needs a LocationsProvider (entry.server.tsx, entry.client.tsx)");
  return counties;
}

/**
 * The browser's list, or none when it cannot be read (offline before any was kept): the pickers then offer only
 * "All Liberia", and React renders the page again rather than hydrate one that does not match.
 */
export const loadCounties = (): Promise<TCounty[]> => getLocations(browserTransport).catch(() => []);
