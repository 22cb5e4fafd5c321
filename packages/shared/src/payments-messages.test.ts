import { describe, expect, it } from "vitest";
import { momoPhoneError, normalizeMomoPhone, PAYMENT_MESSAGES } from "./payments-messages.ts";
import { ZRequestPayment } from "./payments.ts";

describe("normalizeMomoPhone (decision 060)", () => {
  it("writes a Liberian number the way people write it as 231 and its digits", () => {
    for (const typed of [
      "0886123456",
      "0886 123 456",
      "088-612-3456",
      "(0886) 123 456",
      "0886.123.456",
      "+231 886 123 456",
      "+231886123456",
      "+231-886-123456",
      "231-886-123456",
      "231 886 123 456",
      "00231886123456",
      "00 231 886 123 456",
      "  231886123456  ",
      "231\u00a0886\u2013123456",
    ]) {
      expect(normalizeMomoPhone(typed), typed).toBe("231886123456");
      expect(momoPhoneError(typed), typed).toBeNull();
    }
  });

  it("keeps other MTN countries valid in their international forms", () => {
    for (const [typed, number] of [
      ["+233 24 123 4567", "233241234567"],
      ["00233241234567", "233241234567"],
      ["233-24-123-4567", "233241234567"],
      ["+27 83 123 4567", "27831234567"],
      ["+234 803 123 4567", "2348031234567"],
      ["+225 07 12 34 56 78", "2250712345678"],
    ]) {
      expect(normalizeMomoPhone(typed!), typed).toBe(number);
      expect(momoPhoneError(typed!), typed).toBeNull();
    }
  });

  it("leaves what it cannot read as typed, so the spec's messages speak about it", () => {
    const cases: Array<[string, string]> = [
      ["", PAYMENT_MESSAGES.phoneRequired],
      ["   ", PAYMENT_MESSAGES.phoneRequired],
      ["0886", PAYMENT_MESSAGES.phoneInvalid],
      ["2318812", PAYMENT_MESSAGES.phoneInvalid],
      ["231 886 abc 456", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["231/886/123456", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["231886123456#", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["231+886123456", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["++231886123456", PAYMENT_MESSAGES.phoneDigitsOnly],
      ["+0886123456", PAYMENT_MESSAGES.phoneCountryCode],
      ["000886123456", PAYMENT_MESSAGES.phoneCountryCode],
      // Without its 0 and without 231, a number has no country code (886 is Taiwan's, not in the table).
      ["886123456", PAYMENT_MESSAGES.phoneCountryCode],
      ["999881234567", PAYMENT_MESSAGES.phoneCountryCode],
      // A national number is Liberian: another country's is written with its code.
      ["0241234567", PAYMENT_MESSAGES.phoneNotMomo],
      ["0771234567", PAYMENT_MESSAGES.phoneNotMomo],
      ["+231 77 123 4567", PAYMENT_MESSAGES.phoneNotMomo],
      ["+231 0886 123 456", PAYMENT_MESSAGES.phoneNotMomo],
    ];
    for (const [typed, message] of cases) expect(momoPhoneError(typed), typed).toBe(message);
    expect(normalizeMomoPhone("231 886 abc 456")).toBe("231 886 abc 456");
    expect(normalizeMomoPhone("+0886123456")).toBe("+0886123456");
  });

  it("the payment request's schema passes on the normalized number and refuses with the spec's words", () => {
    expect(ZRequestPayment.parse({ phone_number: "0886 123 456", package_id: 1 }).phone_number).toBe("231886123456");
    const refused = ZRequestPayment.safeParse({ phone_number: "231-886-abc", package_id: 1 });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([PAYMENT_MESSAGES.phoneDigitsOnly]);
  });
});
