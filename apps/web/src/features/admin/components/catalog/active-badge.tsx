import { clsx } from "clsx";

/** Spec second document §2 categories report: an Active or Inactive badge. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        active ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700",
      )}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}
