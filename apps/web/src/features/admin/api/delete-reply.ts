import { apiData, type ApiTransport } from "~/lib/api-client";

/** DELETE /admin/replies?id (admin): removes a reply; its review's replies_count follows. */
export const deleteReply = (api: ApiTransport, id: number) =>
  apiData<null>(api, `/admin/replies?id=${id}`, { method: "DELETE" });
