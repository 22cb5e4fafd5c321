import type { TAdListItem } from "@waterside/shared/ads";
import type { TPaged } from "@waterside/shared/api-envelope";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/ads (admin): ads in every status with the spec's filters; empty filters are dropped. */
export const getAdminAds = (api: ApiTransport, filters: Record<string, string | number | undefined>) =>
  apiData<TPaged<TAdListItem>>(
    api,
    "/admin/ads",
    jsonBody(Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ""))),
  );
