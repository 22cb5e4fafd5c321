import { DEAL_STATUS_TEXT, type TDealStatus } from "@waterside/shared/deals-messages";
import { clsx } from "clsx";

const TONES: Record<TDealStatus, string> = {
  awaiting_payment: "bg-amber-100 text-amber-900",
  awaiting_confirmation: "bg-amber-100 text-amber-900",
  held: "bg-sky-100 text-sky-900",
  disputed: "bg-red-100 text-red-800",
  released: "bg-emerald-100 text-emerald-800",
  refunded: "bg-slate-200 text-slate-800",
  cancelled: "bg-slate-200 text-slate-700",
};

/** A deal's state in the contract's words ("Paid, held"), on a colour that says whether someone must act. */
export function DealStatus({ status, className }: { status: TDealStatus; className?: string }) {
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap",
        TONES[status],
        className,
      )}
    >
      {DEAL_STATUS_TEXT[status]}
    </span>
  );
}
