import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SERVER_DATE_READER, adPriceText, formatAmount, formatDate, formatPrice, useFormatDate } from "./format";

const posted = "2026-11-12T21:30:00Z";

describe("formatDate", () => {
  it("writes a day as the reader's locale does", () => {
    expect(formatDate(posted, "day", { locale: "en-GB", timeZone: "UTC" })).toBe("12 Nov 2026");
    expect(formatDate(posted, "day", { locale: "en-US", timeZone: "UTC" })).toBe("Nov 12, 2026");
    expect(formatDate(posted, "day", { locale: "fr-FR", timeZone: "UTC" })).toBe("12 nov. 2026");
    expect(formatDate(posted, "month", { locale: "en-US", timeZone: "UTC" })).toBe("November 2026");
  });

  it("counts the day on the reader's clock", () => {
    // 21:30 in Monrovia (UTC) is already the next morning in Tokyo.
    expect(formatDate(posted, "day", { locale: "en-GB", timeZone: "Africa/Monrovia" })).toBe("12 Nov 2026");
    expect(formatDate(posted, "day", { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("13 Nov 2026");
    expect(formatDate(posted, "time", { locale: "en-GB", timeZone: "Asia/Tokyo" })).toBe("13 Nov 2026, 06:30");
  });

  it("writes the server's way without a reader, and for a locale or time zone Intl does not know", () => {
    expect(SERVER_DATE_READER).toEqual({ locale: "en-GB", timeZone: "UTC" });
    expect(formatDate(posted)).toBe("12 Nov 2026");
    expect(formatDate(posted, "day", { locale: "not a locale!", timeZone: "UTC" })).toBe("12 Nov 2026");
    expect(formatDate(posted, "day", { locale: "en-US", timeZone: "Mars/Olympus" })).toBe("12 Nov 2026");
  });

  it("says 'Date not available' for a missing or broken date (spec §8)", () => {
    expect(formatDate(null)).toBe("Date not available");
    expect(formatDate(undefined, "month")).toBe("Date not available");
    expect(formatDate("yesterday")).toBe("Date not available");
  });
});

describe("useFormatDate", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("renders the server's dates on the server whatever the browser's language, so hydration reads the same", () => {
    vi.stubGlobal("navigator", { language: "en-US" });
    function Posted() {
      const date = useFormatDate();
      return createElement("p", null, date(posted));
    }
    expect(renderToString(createElement(Posted))).toBe("<p>12 Nov 2026</p>");
  });
});

describe("formatPrice", () => {
  it("writes whole US dollars by default, with the period a rent or a salary is for (decision 067)", () => {
    expect(formatPrice(5500)).toBe("US$ 5,500");
    expect(formatPrice(450, "month")).toBe("US$ 450 / month");
    expect(formatPrice(60, "night")).toBe("US$ 60 / night");
    expect(formatPrice(1200, null)).toBe("US$ 1,200");
    expect(formatPrice(99.6)).toBe("US$ 100");
  });

  it("writes Liberian dollars as L$ (issue 30)", () => {
    expect(formatPrice(18700, undefined, "LRD")).toBe("L$ 18,700");
    expect(formatPrice(3500, "month", "LRD")).toBe("L$ 3,500 / month");
    expect(formatAmount(5000, "LRD")).toBe("L$ 5,000");
    expect(formatAmount(5000)).toBe("US$ 5,000");
  });
});

describe("adPriceText", () => {
  it("writes an L$ ad's price first and its US$ value from the API's price, whatever the rate here", () => {
    const ad = { currency: "LRD" as const, price_local: 18700, price: 100 };
    expect(adPriceText(ad, null, 190)).toEqual({ seller: "L$ 18,700", other: "≈ US$ 100" });
    expect(adPriceText(ad, null, null)).toEqual({ seller: "L$ 18,700", other: "≈ US$ 100" });
    expect(adPriceText(ad, "month", null)).toEqual({ seller: "L$ 18,700 / month", other: "≈ US$ 100" });
  });

  it("keeps the cents of a converted value under 10, so a cheap L$ price is never ≈ US$ 0", () => {
    const ad = { currency: "LRD" as const, price_local: 50, price: 50 / 187 };
    expect(adPriceText(ad, null, 187).other).toBe("≈ US$ 0.27");
    expect(adPriceText({ currency: "LRD", price_local: 1870, price: 10 }, null, 187).other).toBe("≈ US$ 10");
  });

  it("writes a US$ ad's L$ value at the rate when one is known, and nothing beside it when none is", () => {
    const ad = { currency: "USD" as const, price_local: 100, price: 100 };
    expect(adPriceText(ad, null, 187)).toEqual({ seller: "US$ 100", other: "≈ L$ 18,700" });
    expect(adPriceText(ad, "month", 192.5)).toEqual({ seller: "US$ 100 / month", other: "≈ L$ 19,250" });
    expect(adPriceText(ad, null, null)).toEqual({ seller: "US$ 100", other: null });
  });
});
