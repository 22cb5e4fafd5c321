import { usualReplyTime, type TTrust } from "@waterside/shared/trust";
import { clsx } from "clsx";
import { VerifiedBadge } from "./verified-badge";

/** "Replies to 92% of chats": the share of buyers' first messages answered within 24 hours. */
export const responseRateText = (rate: number) => `Replies to ${Math.round(rate * 100)}% of chats`;

export const activeAdsText = (count: number) => `${count} active ${count === 1 ? "ad" : "ads"}`;

/**
 * What a buyer may trust about a seller (issue 27), on the seller card and the profile: the verified phone, how soon
 * and how often they answer, and how many ads they have up. The response figures are null until the seller has had
 * enough chats (decision 070): then nothing is said about them rather than a figure from one or two chats.
 */
export function SellerTrust({ trust, className }: { trust: TTrust; className?: string }) {
  const replies = usualReplyTime(trust.response_time_minutes);
  return (
    <ul className={clsx("space-y-1 text-sm text-slate-700", className)}>
      {trust.phone_verified && (
        <li>
          <VerifiedBadge />
        </li>
      )}
      {replies && (
        <li className="flex items-center gap-1">
          <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" aria-hidden="true">
            <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M10 5.5V10l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {replies}
        </li>
      )}
      {trust.response_rate !== null && (
        <li className="flex items-center gap-1">
          <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" aria-hidden="true">
            <path d="M3 4h14v9H7l-4 3.5z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          </svg>
          {responseRateText(trust.response_rate)}
        </li>
      )}
      <li className="flex items-center gap-1">
        <svg viewBox="0 0 20 20" className="size-4 shrink-0 text-slate-500" aria-hidden="true">
          <path
            d="M3 3h6v6H3zM11 3h6v6h-6zM3 11h6v6H3zM11 11h6v6h-6z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        {activeAdsText(trust.active_ads_count)}
      </li>
    </ul>
  );
}
