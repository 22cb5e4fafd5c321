import { describe, expect, it } from "vitest";
import { offlineCopyText } from "./offline-caches";

describe("the offline banner's words", () => {
  const now = new Date(2026, 10, 28, 15, 5);

  it("says the time the copy was fetched, on the same day", () => {
    expect(offlineCopyText(new Date(2026, 10, 28, 10, 42), now)).toBe(
      "You are offline — showing what you saw at 10:42",
    );
  });

  it("adds the day for a copy from an earlier one", () => {
    expect(offlineCopyText(new Date(2026, 10, 26, 9, 3), now)).toBe(
      "You are offline — showing what you saw at 09:03 on 26 Nov",
    );
  });
});
