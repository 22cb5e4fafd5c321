import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";
import type { TAdminAttribute } from "./create-attribute";

/** POST /admin/attributes/{id} with _method=patch (admin): renames an attribute or changes its type. */
export const updateAttribute = (api: ApiTransport, id: number, values: { name: string; attribute_type_id: number }) =>
  apiData<TAdminAttribute>(api, `/admin/attributes/${id}`, jsonBody({ _method: "patch", ...values }));
