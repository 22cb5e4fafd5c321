import { describe, expect, it } from "vitest";
import { remainingTime } from "./remaining-time";

const NOW = Date.parse("2026-03-01T12:00:00Z");
const after = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

describe("remainingTime", () => {
  it("says the time an active boost has left in days and hours", () => {
    expect(remainingTime(after(30 * 24 * HOUR), NOW)).toBe("30 days left");
    expect(remainingTime(after(29 * 24 * HOUR + 23 * HOUR + 59 * 60_000), NOW)).toBe("29 days 23 hours left");
    expect(remainingTime(after(24 * HOUR + HOUR), NOW)).toBe("1 day 1 hour left");
    expect(remainingTime(after(5 * HOUR + 1), NOW)).toBe("5 hours left");
    expect(remainingTime(after(HOUR - 1), NOW)).toBe("Less than an hour left");
  });

  it("has nothing to say without an end, and says it ends once the time is up", () => {
    expect(remainingTime(null, NOW)).toBeNull();
    expect(remainingTime("not a date", NOW)).toBeNull();
    expect(remainingTime(after(-1), NOW)).toBe("Ends now");
  });
});
