import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SERVER_DATE_READER, formatDate, formatPrice, useFormatDate } from "./format";

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
  it("writes whole dollars, with the period a rent or a salary is for (decision 067)", () => {
    expect(formatPrice(5500)).toBe("$5,500");
    expect(formatPrice(450, "month")).toBe("$450 / month");
    expect(formatPrice(60, "night")).toBe("$60 / night");
    expect(formatPrice(1200, null)).toBe("$1,200");
  });
});
