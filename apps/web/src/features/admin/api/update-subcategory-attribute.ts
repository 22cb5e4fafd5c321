import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/** POST /admin/subcategory-attributes/{id} with _method=patch (admin): has_options, is_required, is_restricted, active. */
export const updateSubcategoryAttribute = (
  api: ApiTransport,
  id: number,
  values: { has_options?: boolean; is_required?: boolean; is_restricted?: boolean; active?: boolean },
) =>
  apiData<TAdminSubcategoryAttribute>(
    api,
    `/admin/subcategory-attributes/${id}`,
    jsonBody({ _method: "patch", ...values }),
  );
