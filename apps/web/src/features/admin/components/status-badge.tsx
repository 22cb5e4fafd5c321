import { clsx } from "clsx";

const TONES: Record<string, string> = {
  Active: "bg-emerald-100 text-emerald-800",
  Hidden: "bg-slate-200 text-slate-700",
  Pending: "bg-amber-100 text-amber-800",
  Banned: "bg-red-100 text-red-800",
  Suspended: "bg-red-100 text-red-800",
  Unresolved: "bg-red-100 text-red-800",
  "Under Review": "bg-amber-100 text-amber-800",
  Resolved: "bg-emerald-100 text-emerald-800",
  Inactive: "bg-slate-200 text-slate-700",
  // Safe deals' states (DEAL_STATUS_TEXT).
  Disputed: "bg-red-100 text-red-800",
  "Paid, held": "bg-amber-100 text-amber-800",
  "Released to the seller": "bg-emerald-100 text-emerald-800",
};

/** A status as the admin tables show it: its name on a colour that says whether it needs attention. */
export function StatusBadge({ name }: { name: string }) {
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[name] ?? "bg-slate-100 text-slate-700",
      )}
    >
      {name}
    </span>
  );
}
