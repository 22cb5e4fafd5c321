import { useRouteLoaderData } from "react-router";

/**
 * Our pages on other sites, as the operator configured them (APP_STORE_URL, FACEBOOK_PAGE_URL … in
 * apps/api/src/config.ts): only those set are listed, so nothing links to a store listing or a profile that is not
 * ours (decision 064).
 */
export interface OutsideLinks {
  apps: Array<{ store: string; href: string }>;
  social: Array<{ name: string; href: string }>;
}

const NONE: OutsideLinks = { apps: [], social: [] };

/** The links the root loader passes on from the server's configuration; none when the root has no data (its error). */
export function useOutsideLinks(): OutsideLinks {
  const root = useRouteLoaderData("root") as { outsideLinks?: OutsideLinks } | undefined;
  return root?.outsideLinks ?? NONE;
}

/** For meta functions, which get the matches rather than hooks (like siteOrigin in seo.ts). */
export function outsideLinksOf(matches: ReadonlyArray<{ id: string; data?: unknown } | undefined>): OutsideLinks {
  const root = matches.find((match) => match?.id === "root")?.data as { outsideLinks?: OutsideLinks } | undefined;
  return root?.outsideLinks ?? NONE;
}
