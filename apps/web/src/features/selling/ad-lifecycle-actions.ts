import { RENEW_WINDOW_DAYS, daysLeft } from "@waterside/shared/ad-lifecycle";
import { AD_STATUS } from "@waterside/shared/reference-ids";

/**
 * Which of Renew, Mark as sold and Repost an ad's owner is offered (issue 28), the API's own rules: renew in the last
 * RENEW_WINDOW_DAYS or once expired, mark sold while active or expired, repost once expired or sold. A pending or
 * hidden ad gets none: moderation and the admin decide those.
 */
export function lifecycleActions(ad: { status_id: number; expires_at: string }, now = new Date()) {
  const active = ad.status_id === AD_STATUS.active;
  const expired = ad.status_id === AD_STATUS.expired;
  return {
    renew: expired || (active && daysLeft(ad.expires_at, now) <= RENEW_WINDOW_DAYS),
    markSold: active || expired,
    repost: expired || ad.status_id === AD_STATUS.sold,
  };
}

/** "3 days left", "1 day left", "Expires today": an active ad's time, as My Ads shows it. */
export function daysLeftText(expiresAt: string, now = new Date()) {
  const days = daysLeft(expiresAt, now);
  if (days === 0) return "Expires today";
  return `${days} ${days === 1 ? "day" : "days"} left`;
}
