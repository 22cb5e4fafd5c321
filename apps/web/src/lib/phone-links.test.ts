import { describe, expect, it } from "vitest";
import { callLink, internationalDigits, whatsAppLink } from "./phone-links";

describe("phone links", () => {
  it.each([
    ["231886123456", "231886123456"],
    ["+231 886 123 456", "231886123456"],
    ["0886 123 456", "231886123456"],
    ["(0777) 234-567", "231777234567"],
    ["886123456", "231886123456"],
    ["+44 20 7946 0958", "442079460958"],
  ])("%s dials as %s", (phone, digits) => {
    expect(internationalDigits(phone)).toBe(digits);
  });

  it("calls with tel:+ and messages through wa.me", () => {
    expect(callLink("0886 123 456")).toBe("tel:+231886123456");
    expect(whatsAppLink("0886 123 456")).toBe("https://wa.me/231886123456");
  });
});
