import { describe, expect, it } from "vitest";
import { formatRate, rateChange } from "./exchange-rate-text";

describe("exchange rate text (issue 30)", () => {
  it("writes a rate with 2 to 4 decimals, in L$", () => {
    expect(formatRate(192.5)).toBe("L$ 192.50");
    expect(formatRate(186.1234)).toBe("L$ 186.1234");
    expect(formatRate(1250)).toBe("L$ 1,250.00");
  });

  it("tells how a rate moved from the one it replaced, without floating point remainders", () => {
    expect(rateChange(192.5, 190)).toBe("+2.50 (+1.32%)");
    expect(rateChange(190, 192.5)).toBe("−2.50 (−1.30%)");
    expect(rateChange(0.3, 0.1 + 0.2)).toBe("No change");
    expect(rateChange(186.25, null)).toBeNull();
  });
});
