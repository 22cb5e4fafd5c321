import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/attribute-options (admin): adds values[] to a subcategory attribute; values it has are skipped. */
export const createAttributeOptions = (api: ApiTransport, subcategoryAttributeId: number, values: string[]) =>
  apiData<Array<{ id: number; value: string }>>(
    api,
    "/admin/attribute-options",
    jsonBody({ subcategory_attribute_id: subcategoryAttributeId, values }),
  );
