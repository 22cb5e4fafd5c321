import { DEAL_MESSAGES } from "@waterside/shared/deals-messages";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { Suspense, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { primaryButtonClass } from "~/components/ui/form-field";
import { useSession } from "~/lib/session";
import { useSafeDeals } from "../hooks/use-safe-deals";

/** Where a user verifies their phone number (Personal Details). */
const VERIFY_PHONE_PATH = "/profile?tab=details";

/**
 * "Buy with Safe Deal" on the ad page (issue 33): for a signed-in buyer of an active ad who is not its seller, where the
 * operator offers safe deals. A buyer without a verified phone is told why and where to verify it. The dialog and the
 * payment (`checkout`, composed by the page and loaded lazily) come only when pressed, so the page carries a button's
 * bytes. `startOpen` opens it at once (the chat's "Safe deal" entry leads here).
 */
export function SafeDealButton({
  ad,
  startOpen = false,
  checkout,
}: {
  ad: { user_id: number; status_id: number };
  startOpen?: boolean;
  checkout: (close: () => void) => ReactNode;
}) {
  const session = useSession();
  const offered = useSafeDeals();
  const [open, setOpen] = useState(startOpen);
  if (
    !offered ||
    session.status !== "signed-in" ||
    session.user.id === ad.user_id ||
    ad.status_id !== AD_STATUS.active
  ) {
    return null;
  }
  if (!session.user.phone_verified) {
    return (
      <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <p>{DEAL_MESSAGES.buyerUnverified}</p>
        <Link to={VERIFY_PHONE_PATH} className="font-semibold text-emerald-800 underline">
          Verify my phone number
        </Link>
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={`${primaryButtonClass} w-full`}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path
            d="M12 3l7 3v5c0 4.5-3 8.3-7 10-4-1.7-7-5.5-7-10V6z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M9 12l2 2 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Buy with Safe Deal
      </button>
      {open && (
        <Suspense fallback={<span className="sr-only">Loading…</span>}>{checkout(() => setOpen(false))}</Suspense>
      )}
    </>
  );
}
