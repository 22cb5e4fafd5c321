import { apiData, jsonBody, type ApiTransport } from "~/lib/api-client";

/**
 * Sends a report and says whether it is new (201) or the caller's open report of the same target, answered again
 * (200, decision 043): the dialog thanks for the one and reminds of the other.
 */
export async function sendReport<T>(api: ApiTransport, path: string, body: object) {
  let status = 0;
  const report = await apiData<T>(
    async (url, init) => {
      const response = await api(url, init);
      status = response.status;
      return response;
    },
    path,
    jsonBody(body),
  );
  return { report, created: status === 201 };
}
