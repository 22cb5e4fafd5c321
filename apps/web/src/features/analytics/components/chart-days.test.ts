import { describe, expect, it } from "vitest";
import { percentChange, splitToday, utcToday } from "./chart-days";

const point = (date: string, views: number) => ({ date, views, saves: 0, clicks: 0, contacts: 0 });

describe("the Performance chart's days", () => {
  it("leaves today's partial day out of the line, keeping the complete days", () => {
    const points = [point("2026-11-24", 9), point("2026-11-25", 12), point("2026-11-26", 0)];
    const { complete, today } = splitToday(points, "2026-11-26");
    expect(complete.map((day) => day.date)).toEqual(["2026-11-24", "2026-11-25"]);
    expect(today).toEqual(point("2026-11-26", 0));
  });

  it("draws every day of a range that ended before today", () => {
    const points = [point("2026-11-20", 3), point("2026-11-21", 4)];
    expect(splitToday(points, "2026-11-26")).toEqual({ complete: points, today: null });
  });

  it("takes today as the UTC calendar day", () => {
    expect(utcToday(Date.parse("2026-11-26T23:30:00-05:00"))).toBe("2026-11-27");
  });
});

describe("the change against the days before", () => {
  it("is a signed, rounded percentage", () => {
    expect(percentChange(150, 100)).toBe("+50%");
    expect(percentChange(50, 100)).toBe("-50%");
    expect(percentChange(100, 100)).toBe("0%");
    expect(percentChange(1, 3)).toBe("-67%");
  });

  it("is not shown when the days before had nothing to compare with", () => {
    expect(percentChange(12, 0)).toBeNull();
    expect(percentChange(0, 0)).toBeNull();
    expect(percentChange(12, Number.NaN)).toBeNull();
  });
});
