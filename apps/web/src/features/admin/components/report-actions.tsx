import { ADMIN_RESPONSE_MAX, REPORT_STATUS_FILTER_ALL } from "@waterside/shared/admin-moderation-messages";
import { REPORT_STATUS, REPORT_STATUS_NAMES } from "@waterside/shared/reports-messages";
import { useId, useState } from "react";
import { inputClass, primaryButtonClass, secondaryButtonClass } from "~/components/ui/form-field";
import { Modal } from "~/components/ui/modal";
import { notify } from "~/lib/notify";
import { ADMIN_FAILURES } from "./failures";
import type { RowAction } from "./row-menu";
import { SegmentTabs } from "./segment-tabs";

interface Report {
  id: number;
  status_id: number;
}
type Change = { status_id: number; admin_response?: string };

/** Spec §9 report status filter: the segment tabs of both report tables. */
const REPORT_STATUS_TABS = [
  REPORT_STATUS_FILTER_ALL,
  ...[REPORT_STATUS.resolved, REPORT_STATUS.unresolved, REPORT_STATUS.underReview].map((id) => REPORT_STATUS_NAMES[id]),
].map((value) => ({ value, label: value }));

/**
 * Above a report table: the status tabs and, when a link narrowed the table to one ad or person, what it shows
 * with Show all, which drops the `narrowing` filters.
 */
export function ReportFilters({
  filters,
  setFilters,
  narrowedTo,
  narrowing,
}: {
  filters: Record<string, string>;
  setFilters: (changes: Record<string, string | undefined>) => void;
  narrowedTo: string | null;
  narrowing: string[];
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SegmentTabs
        label="Report status"
        options={REPORT_STATUS_TABS}
        value={filters.status ?? REPORT_STATUS_FILTER_ALL}
        onChange={(status) => setFilters({ status: status === REPORT_STATUS_FILTER_ALL ? undefined : status })}
      />
      {narrowedTo && (
        <button
          type="button"
          onClick={() => setFilters(Object.fromEntries(narrowing.map((name) => [name, undefined])))}
          className="text-sm font-medium text-emerald-800 hover:underline"
        >
          {narrowedTo} · Show all
        </button>
      )}
    </div>
  );
}

/**
 * A report's row actions (spec second document §4 "Report status"): Unresolved goes to Under Review, any other open
 * status back to Unresolved, 'Make it Resolved', and Respond, whose answer resolves the report and reaches the
 * reporter's Reports tab. Resolved reports offer no actions. `dialog` is rendered once in the page.
 */
export function useReportActions<R extends Report>(
  save: (reportId: number, change: Change) => Promise<R>,
  onSaved: (report: R) => void,
) {
  const [responding, setResponding] = useState<R | null>(null);

  async function change(report: R, next: Change) {
    try {
      onSaved(await save(report.id, next));
      notify("success", "Updated!");
      return true;
    } catch (error) {
      notify("error", ADMIN_FAILURES.statusUpdate(error));
      return false;
    }
  }

  const actionsFor = (report: R): RowAction[] =>
    report.status_id === REPORT_STATUS.resolved
      ? []
      : [
          report.status_id === REPORT_STATUS.unresolved
            ? {
                label: "Mark Under Review",
                onSelect: () => void change(report, { status_id: REPORT_STATUS.underReview }),
              }
            : {
                label: "Mark Unresolved",
                onSelect: () => void change(report, { status_id: REPORT_STATUS.unresolved }),
              },
          { label: "Make it Resolved", onSelect: () => void change(report, { status_id: REPORT_STATUS.resolved }) },
          { label: "Respond", onSelect: () => setResponding(report) },
        ];

  const dialog = (
    <Modal
      open={responding !== null}
      onOpenChange={(open) => !open && setResponding(null)}
      label="Respond to the report"
      className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-2xl bg-white p-6 shadow-xl"
    >
      {responding && (
        <ResponseForm
          onCancel={() => setResponding(null)}
          onSend={async (text) => {
            if (await change(responding, { status_id: REPORT_STATUS.resolved, admin_response: text })) {
              setResponding(null);
            }
          }}
        />
      )}
    </Modal>
  );

  return { actionsFor, dialog };
}

function ResponseForm({ onCancel, onSend }: { onCancel: () => void; onSend: (text: string) => Promise<void> }) {
  const id = useId();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setSending(true);
        await onSend(text.trim());
        setSending(false);
      }}
    >
      <h2 className="text-lg font-semibold">Respond to the report</h2>
      <p className="text-sm text-slate-600">The reporter sees your response under Reports; it resolves the report.</p>
      <label htmlFor={id} className="sr-only">
        Response
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={ADMIN_RESPONSE_MAX}
        rows={4}
        required
        autoFocus
        className={inputClass}
      />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
        <button type="submit" disabled={sending || text.trim() === ""} className={primaryButtonClass}>
          {sending ? "Sending…" : "Send response"}
        </button>
      </div>
    </form>
  );
}
