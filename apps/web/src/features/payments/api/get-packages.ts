import type { TPackage } from "@waterside/shared/payments";
import type { TPackageType } from "@waterside/shared/payments-messages";
import { apiData, type ApiTransport } from "~/lib/api-client";

/**
 * GET /packages/{ad|user} (payments): the boost packages of ads or the business plans, cheapest first (second
 * document §7; the API caches them 10 minutes). The sell wizard's step 3 and the profile's Business Plan tab list them.
 */
export const getPackages = (api: ApiTransport, type: TPackageType) => apiData<TPackage[]>(api, `/packages/${type}`);
