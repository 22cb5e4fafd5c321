import { describe, expect, it } from "vitest";
import { paymentAmount } from "./payment-amount";

describe("paymentAmount", () => {
  it("writes a US$ payment with its cents", () => {
    expect(paymentAmount({ amount: 25, currency: "USD", amount_usd: 25, usd_lrd: null })).toBe("US$ 25.00");
    expect(paymentAmount({ amount: 9.5, currency: "USD", amount_usd: 9.5, usd_lrd: null })).toBe("US$ 9.50");
  });

  it("writes an L$ payment with the package's US$ price and the rate it was charged at", () => {
    expect(paymentAmount({ amount: 4750, currency: "LRD", amount_usd: 25, usd_lrd: 190 })).toBe(
      "L$ 4,750.00 (US$ 25.00 at L$ 190.00)",
    );
    expect(paymentAmount({ amount: 1936.25, currency: "LRD", amount_usd: 10, usd_lrd: 193.625 })).toBe(
      "L$ 1,936.25 (US$ 10.00 at L$ 193.63)",
    );
  });

  it("keeps another currency's own writing", () => {
    expect(paymentAmount({ amount: 25, currency: "EUR", amount_usd: 25, usd_lrd: null })).toBe("€25");
  });
});
