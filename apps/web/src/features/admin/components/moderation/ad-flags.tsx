import type { TAdFlag } from "@waterside/shared/ad-screening";
import { AD_STATUS } from "@waterside/shared/reference-ids";
import { Link } from "react-router";
import { StatusBadge } from "../status-badge";

/** An ad an admin can hide or show from the queue: its id, title and status. */
export interface StatusTarget {
  id: number;
  title: string;
  status: { id: number; name: string };
}

const buttonClass =
  "rounded-lg border px-2.5 py-1 text-xs font-semibold whitespace-nowrap focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none";

/** The queue's Hide / Activate for one ad (the admin's Active/Hidden switch); its name ends with the ad's title. */
export function StatusButton({
  ad,
  children,
  onChange,
}: {
  ad: StatusTarget;
  children: string;
  onChange: (ad: StatusTarget) => void;
}) {
  const hidden = ad.status.id === AD_STATUS.hidden;
  return (
    <button
      type="button"
      onClick={() => onChange(ad)}
      aria-label={`${hidden ? "Activate" : "Hide"} ${children}: ${ad.title}`}
      className={
        hidden
          ? `${buttonClass} border-emerald-300 text-emerald-800 hover:bg-emerald-50`
          : `${buttonClass} border-red-200 text-red-700 hover:bg-red-50`
      }
    >
      {hidden ? "Activate" : "Hide"} {children}
    </button>
  );
}

/**
 * Why the posting checks flagged an ad (issue 28, decision 079): each flag's label and what was found. A photo used by
 * another seller links that seller's ad with its status, and both ads can be hidden or shown from here.
 */
export function AdFlags({
  ad,
  flags,
  onChangeStatus,
}: {
  ad: StatusTarget;
  flags: TAdFlag[];
  onChangeStatus: (ad: StatusTarget) => void;
}) {
  if (flags.length === 0) return null;
  return (
    <ul aria-label={`Flags on ${ad.title}`} className="mt-2 space-y-1.5">
      {flags.map((flag) => (
        <li
          key={flag.id}
          className="rounded-lg border border-amber-300 bg-amber-50 px-2.5 py-1.5 text-xs text-slate-800"
        >
          <span className="font-semibold text-amber-900">{flag.label}</span>
          <span className="block break-words">{flag.detail}</span>
          {flag.other_ad && (
            <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
              <span>Other ad:</span>
              <Link
                to={`/admin/ads/${flag.other_ad.user.id}/${flag.other_ad.id}`}
                className="font-medium text-emerald-800 underline"
              >
                {flag.other_ad.title}
              </Link>
              <span>by {flag.other_ad.user.name}</span>
              <StatusBadge name={flag.other_ad.status.name} />
              <StatusButton ad={flag.other_ad} onChange={onChangeStatus}>
                other ad
              </StatusButton>
              <StatusButton ad={ad} onChange={onChangeStatus}>
                this ad
              </StatusButton>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
