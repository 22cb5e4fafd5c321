import { AD_STATUS } from "@waterside/shared/reference-ids";
import { describe, expect, it } from "vitest";
import { daysLeftText, lifecycleActions } from "./ad-lifecycle-actions";

const now = new Date("2026-11-27T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe("lifecycleActions", () => {
  it("offers Renew to an active ad only in its last 7 days, and always to an expired one", () => {
    expect(lifecycleActions({ status_id: AD_STATUS.active, expires_at: inDays(8) }, now).renew).toBe(false);
    expect(lifecycleActions({ status_id: AD_STATUS.active, expires_at: inDays(7) }, now).renew).toBe(true);
    expect(lifecycleActions({ status_id: AD_STATUS.expired, expires_at: inDays(-3) }, now).renew).toBe(true);
  });

  it("offers Mark as sold while active or expired, and Repost once expired or sold", () => {
    const of = (status_id: number) => lifecycleActions({ status_id, expires_at: inDays(20) }, now);
    expect(of(AD_STATUS.active)).toEqual({ renew: false, markSold: true, repost: false });
    expect(of(AD_STATUS.expired)).toEqual({ renew: true, markSold: true, repost: true });
    expect(of(AD_STATUS.sold)).toEqual({ renew: false, markSold: false, repost: true });
    expect(of(AD_STATUS.pending)).toEqual({ renew: false, markSold: false, repost: false });
    expect(of(AD_STATUS.hidden)).toEqual({ renew: false, markSold: false, repost: false });
  });
});

describe("daysLeftText", () => {
  it("counts whole days left, one in the singular, and says so on the last day", () => {
    expect(daysLeftText(inDays(2.5), now)).toBe("3 days left");
    expect(daysLeftText(inDays(1), now)).toBe("1 day left");
    expect(daysLeftText(inDays(0), now)).toBe("Expires today");
    expect(daysLeftText(inDays(-1), now)).toBe("Expires today");
  });
});
