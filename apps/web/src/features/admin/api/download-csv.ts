import { ApiError, jsonBody, type ApiTransport } from "~/lib/api-client";
import { queryString } from "./query-string";

/**
 * GET /admin/users/export.csv or POST /admin/ads/export.csv (admin): the table's rows as filtered, as a CSV file.
 * The filters go in the query (GET) or the JSON body (POST), as the table's own list call sends them.
 */
export async function downloadCsv(
  api: ApiTransport,
  path: string,
  method: "GET" | "POST",
  query: Record<string, string | undefined>,
): Promise<{ file: Blob; fileName: string | null }> {
  const response =
    method === "GET"
      ? await api(`${path}?${queryString(query)}`, { headers: { accept: "text/csv" } })
      : await api(path, {
          ...jsonBody(Object.fromEntries(Object.entries(query).filter(([, value]) => value))),
          headers: { accept: "text/csv", "content-type": "application/json" },
        });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(response.status, body.message ?? "Request failed");
  }
  // The server names the file (the table and the day): content-disposition: attachment; filename="…".
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? null;
  return { file: await response.blob(), fileName };
}
