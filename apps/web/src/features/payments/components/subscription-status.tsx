import { clsx } from "clsx";

const LABELS: Record<string, string> = {
  active: "Active",
  pending: "Pending",
  canceled: "Canceled",
  expired: "Expired",
  completed: "Completed",
  failed: "Failed",
};

/**
 * A subscription's or payment's status in words and colour: active (or a completed payment) in green, failed in red,
 * and any other state in yellow (second document §4 "Subscription status").
 */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={clsx(
        "inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        status === "active" || status === "completed"
          ? "bg-emerald-100 text-emerald-900"
          : status === "failed"
            ? "bg-red-100 text-red-900"
            : "bg-amber-100 text-amber-900",
      )}
    >
      {LABELS[status] ?? status}
    </span>
  );
}
