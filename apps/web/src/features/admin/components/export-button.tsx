import { useState } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { notify } from "~/lib/notify";
import { adminTransport } from "../admin-session";
import { downloadCsv } from "../api/download-csv";
import { messageOf } from "./failures";

/**
 * Exports a table as filtered to a CSV file (issue 16): the admin's token goes with the request, so the file is
 * fetched and handed to the browser as a download rather than opened by address.
 */
export function ExportButton({
  path,
  method,
  query,
  fileName,
}: {
  path: string;
  method: "GET" | "POST";
  query: Record<string, string | undefined>;
  fileName: string;
}) {
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const { file, fileName: named } = await downloadCsv(adminTransport, path, method, query);
      const url = URL.createObjectURL(file);
      const link = document.createElement("a");
      link.href = url;
      link.download = named ?? fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notify("error", `Export failed: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" onClick={() => void download()} disabled={busy} className={secondaryButtonClass}>
      {busy ? "Exporting…" : "Export CSV"}
    </button>
  );
}
