import { useRouteLoaderData } from "react-router";

/**
 * Whether buyers may start safe deals here: the operator's SAFE_DEALS, which the root loader passes on (decision 103;
 * off by default in production). Off, no page offers one; deals made before stay readable.
 */
export function useSafeDeals(): boolean {
  const root = useRouteLoaderData("root") as { safeDeals?: boolean } | undefined;
  return root?.safeDeals === true;
}
