import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /admin/attribute-options/{id} (admin): ads keep the text they were posted with. */
export const deleteAttributeOption = (api: ApiTransport, id: number) =>
  apiData<null>(api, `/admin/attribute-options/${id}`, { method: "DELETE" });
