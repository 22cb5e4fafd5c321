import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * POST /admin/subcategory-attributes (admin): links an attribute to a subcategory with its flags; with has_options
 * its options come along (values[]) and are written in the same transaction.
 */
export const createSubcategoryAttribute = (
  api: ApiTransport,
  values: {
    subcategory_id: number;
    attribute_id: number;
    has_options: boolean;
    is_required: boolean;
    is_restricted: boolean;
    options?: string[];
  },
) => apiData<TAdminSubcategoryAttribute>(api, "/admin/subcategory-attributes", jsonBody(values));
