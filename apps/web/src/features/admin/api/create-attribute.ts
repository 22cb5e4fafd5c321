import type { ZAdminAttribute } from "@waterside/shared/admin-catalog";
import type { z } from "zod";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

export type TAdminAttribute = z.infer<typeof ZAdminAttribute>;

/** POST /admin/attributes (admin): name and type; with subcategory_id the name must be new within it. */
export const createAttribute = (
  api: ApiTransport,
  values: { name: string; attribute_type_id: number; subcategory_id: number },
) => apiData<TAdminAttribute>(api, "/admin/attributes", jsonBody(values));
