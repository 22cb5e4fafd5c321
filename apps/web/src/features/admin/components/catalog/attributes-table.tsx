import type { TAdminSubcategoryAttribute } from "@waterside/shared/admin-catalog";
import { clsx } from "clsx";
import { ActiveBadge } from "./active-badge";

export interface AttributeActions {
  onEdit: (link: TAdminSubcategoryAttribute) => void;
  onToggle: (link: TAdminSubcategoryAttribute) => void;
  onDelete: (link: TAdminSubcategoryAttribute) => void;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");
const optionsOf = (link: TAdminSubcategoryAttribute) =>
  link.options.length > 0 ? link.options.map((option) => option.value).join(", ") : "—";

/**
 * A subcategory's attributes (spec second document §2 "Manage Categories"): name, type, required, restricted and
 * the options comma-separated, with each row's actions. A table from tablets up; a list of cards on phones, where
 * six columns would not fit.
 */
export function AttributesTable({
  caption,
  attributes,
  actions,
}: {
  caption: string;
  attributes: TAdminSubcategoryAttribute[];
  actions: AttributeActions;
}) {
  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-slate-200 max-md:hidden">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              {["Name", "Type", "Required", "Restricted", "Options", "Actions"].map((header) => (
                <th key={header} scope="col" className="px-3 py-2">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {attributes.map((link) => (
              <tr key={link.id} className="align-top">
                <th scope="row" className="px-3 py-2 font-medium">
                  <span className="mr-2">{link.attribute.name}</span>
                  {!link.active && <ActiveBadge active={false} />}
                </th>
                <td className="px-3 py-2">{link.attribute.attribute_type.name}</td>
                <td className="px-3 py-2">{yesNo(link.is_required)}</td>
                <td className="px-3 py-2">{yesNo(link.is_restricted)}</td>
                <td className="max-w-64 px-3 py-2 break-words">{optionsOf(link)}</td>
                <td className="px-3 py-2">
                  <RowActions link={link} actions={actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="space-y-3 md:hidden">
        {attributes.map((link) => (
          <li key={link.id} className="space-y-2 rounded-xl border border-slate-200 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <h4 className="font-medium">{link.attribute.name}</h4>
              {!link.active && <ActiveBadge active={false} />}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-slate-600">Type</dt>
              <dd>{link.attribute.attribute_type.name}</dd>
              <dt className="text-slate-600">Required</dt>
              <dd>{yesNo(link.is_required)}</dd>
              <dt className="text-slate-600">Restricted</dt>
              <dd>{yesNo(link.is_restricted)}</dd>
              <dt className="text-slate-600">Options</dt>
              <dd className="break-words">{optionsOf(link)}</dd>
            </dl>
            <RowActions link={link} actions={actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

const actionClass =
  "rounded-lg border px-2.5 py-1 text-sm font-medium focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none";

function RowActions({ link, actions }: { link: TAdminSubcategoryAttribute; actions: AttributeActions }) {
  const name = link.attribute.name;
  return (
    <div className="flex flex-wrap gap-1.5">
      <button
        type="button"
        aria-label={`Edit ${name}`}
        onClick={() => actions.onEdit(link)}
        className={clsx(actionClass, "border-slate-300 hover:bg-slate-50")}
      >
        Edit
      </button>
      <button
        type="button"
        aria-label={`${link.active ? "Switch off" : "Switch on"} ${name}`}
        onClick={() => actions.onToggle(link)}
        className={clsx(actionClass, "border-slate-300 hover:bg-slate-50")}
      >
        {link.active ? "Switch off" : "Switch on"}
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        onClick={() => actions.onDelete(link)}
        className={clsx(actionClass, "border-red-200 text-red-700 hover:bg-red-50")}
      >
        Delete
      </button>
    </div>
  );
}
