import { describe, expect, it } from "vitest";
import { adCount } from "./ad-count";

describe("adCount", () => {
  it("says how many ads a list holds, or that there are more than the API counts", () => {
    expect(adCount({ total: 1, total_is_lower_bound: false })).toBe("1 ad");
    expect(adCount({ total: 1000, total_is_lower_bound: false })).toBe("1,000 ads");
    expect(adCount({ total: 1051, total_is_lower_bound: true })).toBe("1,000+ ads");
    expect(adCount({ total: 0 })).toBe("0 ads");
  });
});
