import { SCREENING_MESSAGES, type TScreeningRule } from "@waterside/shared/ad-screening";
import { clsx } from "clsx";
import { useState } from "react";
import { primaryButtonClass } from "~/components/ui/form-field";
import { withSignal } from "~/lib/api-client";
import { useFormatDate } from "~/lib/format";
import { notify } from "~/lib/notify";
import { useLoad } from "~/lib/use-load";
import { adminTransport } from "../../admin-session";
import { deleteScreeningRule } from "../../api/delete-screening-rule";
import { getScreeningRules } from "../../api/get-screening-rules";
import { ADMIN_FAILURES } from "../failures";
import { LoadStatus } from "../load-status";
import { RuleDialog } from "./rule-dialog";

type Confirm = (question: { title: string; text: string; confirm: string; danger?: boolean }) => Promise<boolean>;

const loadRules = (signal: AbortSignal) => getScreeningRules(withSignal(adminTransport, signal));

const ACTION_LABELS = { refuse: "Refuse", flag: "Flag" } as const;
const KIND_LABELS = { word: "Word", pattern: "Pattern" } as const;

/**
 * Manage Categories' Rules tab (issue 28 "Words and contacts", decision 079): the words and patterns that refuse an
 * ad or flag it to the moderation queue, who added each and when, with Add, Edit and Delete. A table from tablets
 * up; cards on phones.
 */
export function RulesPanel({ confirm }: { confirm: Confirm }) {
  const rules = useLoad(loadRules, "screening-rules");
  const formatDate = useFormatDate();
  const [editing, setEditing] = useState<TScreeningRule | "new" | null>(null);

  const saved = (rule: TScreeningRule) =>
    rules.update((list) =>
      list.some((entry) => entry.id === rule.id)
        ? list.map((entry) => (entry.id === rule.id ? rule : entry))
        : [rule, ...list],
    );

  async function remove(rule: TScreeningRule) {
    const agreed = await confirm({
      title: "Delete rule?",
      text: `Ads will no longer be checked for “${rule.pattern}”, and the flags it raised leave the moderation queue.`,
      confirm: "Delete",
      danger: true,
    });
    if (!agreed) return;
    try {
      await deleteScreeningRule(adminTransport, rule.id);
      rules.update((list) => list.filter((entry) => entry.id !== rule.id));
      notify("success", SCREENING_MESSAGES.deleted);
    } catch (error) {
      notify("error", ADMIN_FAILURES.delete(error));
    }
  }

  const actions = {
    onEdit: (rule: TScreeningRule) => setEditing(rule),
    onDelete: (rule: TScreeningRule) => void remove(rule),
  };

  return (
    <section aria-labelledby="rules-heading" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="rules-heading" className="text-lg font-semibold">
            Banned words and patterns
          </h2>
          <p className="text-sm text-slate-600">
            Checked in each ad’s title and description when it is posted or edited.
          </p>
        </div>
        <button type="button" onClick={() => setEditing("new")} className={primaryButtonClass}>
          Add rule
        </button>
      </div>
      <LoadStatus load={rules} isEmpty={(list) => list.length === 0} empty="No rules yet">
        {(list) => (
          <>
            <div className="overflow-x-auto rounded-xl border border-slate-200 max-md:hidden">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Rules</caption>
                <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
                  <tr>
                    {["Word or pattern", "Action", "Reason", "Added by", "Added", "Actions"].map((header) => (
                      <th key={header} scope="col" className="px-3 py-2">
                        {header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {list.map((rule) => (
                    <tr key={rule.id} className="align-top">
                      <th scope="row" className="max-w-56 px-3 py-2 font-medium break-words">
                        <code className="font-mono">{rule.pattern}</code>
                        <span className="block text-xs font-normal text-slate-600">{KIND_LABELS[rule.kind]}</span>
                      </th>
                      <td className="px-3 py-2">
                        <ActionBadge action={rule.action} />
                      </td>
                      <td className="max-w-72 px-3 py-2 break-words">{rule.reason}</td>
                      <td className="px-3 py-2">{rule.created_by.name}</td>
                      <td className="px-3 py-2 whitespace-nowrap">{formatDate(rule.created_at)}</td>
                      <td className="px-3 py-2">
                        <RowActions rule={rule} actions={actions} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ul aria-label="Rules" className="space-y-3 md:hidden">
              {list.map((rule) => (
                <li key={rule.id} className="space-y-2 rounded-xl border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-medium break-all">
                      <code className="font-mono">{rule.pattern}</code>
                    </h3>
                    <ActionBadge action={rule.action} />
                  </div>
                  <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-slate-600">Kind</dt>
                    <dd>{KIND_LABELS[rule.kind]}</dd>
                    <dt className="text-slate-600">Reason</dt>
                    <dd className="break-words">{rule.reason}</dd>
                    <dt className="text-slate-600">Added by</dt>
                    <dd>{rule.created_by.name}</dd>
                    <dt className="text-slate-600">Added</dt>
                    <dd>{formatDate(rule.created_at)}</dd>
                  </dl>
                  <RowActions rule={rule} actions={actions} />
                </li>
              ))}
            </ul>
          </>
        )}
      </LoadStatus>
      <RuleDialog
        key={editing === null ? "closed" : editing === "new" ? "new" : editing.id}
        open={editing !== null}
        rule={editing === "new" ? null : editing}
        onSaved={saved}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}

function ActionBadge({ action }: { action: TScreeningRule["action"] }) {
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2 py-0.5 text-xs font-semibold",
        action === "refuse" ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900",
      )}
    >
      {ACTION_LABELS[action]}
    </span>
  );
}

const actionClass =
  "rounded-lg border px-2.5 py-1 text-sm font-medium focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none";

function RowActions({
  rule,
  actions,
}: {
  rule: TScreeningRule;
  actions: { onEdit: (rule: TScreeningRule) => void; onDelete: (rule: TScreeningRule) => void };
}) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <button
        type="button"
        aria-label={`Edit rule ${rule.pattern}`}
        onClick={() => actions.onEdit(rule)}
        className={clsx(actionClass, "border-slate-300 hover:bg-slate-50")}
      >
        Edit
      </button>
      <button
        type="button"
        aria-label={`Delete rule ${rule.pattern}`}
        onClick={() => actions.onDelete(rule)}
        className={clsx(actionClass, "border-red-200 text-red-700 hover:bg-red-50")}
      >
        Delete
      </button>
    </div>
  );
}
