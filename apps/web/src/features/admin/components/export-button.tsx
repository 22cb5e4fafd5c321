import { useState } from "react";
import { secondaryButtonClass } from "~/components/ui/form-field";
import { notify } from "~/lib/notify";
import { adminTransport } from "../admin-session";
import { downloadCsv } from "../api/download-csv";
import { useConfirm } from "./confirm-dialog";
import { messageOf } from "./failures";

const rows = (total: number) => `${total.toLocaleString("en-US")} ${total === 1 ? "row" : "rows"}`;

/**
 * Exports a table as filtered to a CSV file (issue 16): the admin's token goes with the request, so the file is
 * fetched and handed to the browser as a download rather than opened by address. Before it starts, the product's
 * dialog says what the file will hold (issue 26): the filter in words and how many rows, the table's total, which
 * the export matches (decision 053).
 */
export function ExportButton({
  path,
  method,
  query,
  fileName,
  holds,
  total,
  contents,
}: {
  path: string;
  method: "GET" | "POST";
  query: Record<string, string | undefined>;
  fileName: string;
  /** What the filter keeps, in words: "Banned users matching “fatu”". */
  holds: string;
  /** The table's total for this filter, once it is known. */
  total: number | undefined;
  /** What each row carries that matters to privacy: "names, emails and phone numbers". */
  contents: string;
}) {
  const [busy, setBusy] = useState(false);
  const { confirm, tell, dialog } = useConfirm();

  async function download() {
    if (total === 0) {
      await tell("Nothing to export", `${holds}: no rows match, so there is no file to make.`);
      return;
    }
    const agreed = await confirm({
      title: "Export to CSV?",
      text:
        `${holds}: ${total === undefined ? "every matching row" : rows(total)}, newest first, with their ${contents}. ` +
        "The export is recorded in the audit log.",
      confirm: "Export",
    });
    if (!agreed) return;
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
    <>
      <button type="button" onClick={() => void download()} disabled={busy} className={secondaryButtonClass}>
        {busy ? "Exporting…" : "Export CSV"}
      </button>
      {dialog}
    </>
  );
}
