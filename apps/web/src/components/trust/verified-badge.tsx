import { clsx } from "clsx";

/** The words a reader and a screen reader get for a seller whose phone was proved by SMS code (issue 27). */
export const VERIFIED_PHONE = "Verified phone";

/**
 * A green check in a circle: one path, drawn the same size on the server and in the browser, so a card never moves
 * when it appears.
 */
function VerifiedIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" className={clsx("shrink-0", className)} aria-hidden="true">
      <circle cx="10" cy="10" r="9" className="fill-emerald-700" />
      <path d="m6 10.3 2.6 2.6L14 7.5" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** 'Verified phone' with its check, for the seller card and the profile. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span className={clsx("inline-flex items-center gap-1 font-medium text-emerald-800", className)}>
      <VerifiedIcon className="size-4" />
      {VERIFIED_PHONE}
    </span>
  );
}

/**
 * The check alone, for a dense ad card on a phone: named 'Verified phone' for screen readers, and as a tooltip for
 * a mouse.
 */
export function VerifiedMark({ className }: { className?: string }) {
  return (
    <span role="img" aria-label={VERIFIED_PHONE} title={VERIFIED_PHONE} className={clsx("inline-flex", className)}>
      <VerifiedIcon className="size-3.5" />
    </span>
  );
}
