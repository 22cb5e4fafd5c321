import { describe, expect, it } from "vitest";
import { urlForLog } from "./safe-logging.ts";

describe("urlForLog", () => {
  it("keeps a query string's names without their values", () => {
    expect(urlForLog("/api/saved-searches/unsubscribe?token=abc.def")).toBe("/api/saved-searches/unsubscribe?token=*");
    expect(urlForLog("/search?q=0886412397&page=2&flag")).toBe("/search?q=*&page=*&flag=*");
    expect(urlForLog("/api/ads/get?")).toBe("/api/ads/get");
  });

  it("masks phone-like digit runs in the path, and leaves ids alone", () => {
    expect(urlForLog("/api/ads/id/123456")).toBe("/api/ads/id/123456");
    expect(urlForLog("/ad/phone-0886412397-sinkor-42")).toBe("/ad/phone-[number]-sinkor-42");
    expect(urlForLog("/u/+231886412397")).toBe("/u/[number]");
    expect(urlForLog("/u/%2B231%20886%20412%20397")).toBe("/u/[number]");
    expect(urlForLog("/u/0886-412-397")).toBe("/u/[number]");
  });
});
