import type { TSubcategoryAttribute } from "@waterside/shared/selling";
import { apiData, type ApiTransport } from "~/lib/api-client";

/** GET /subcategories/{id}/attributes (selling): what step 2 of the wizard asks for. */
export const getSubcategoryAttributes = (api: ApiTransport, subcategoryId: number | string) =>
  apiData<TSubcategoryAttribute[]>(api, `/subcategories/${subcategoryId}/attributes`);
