import { afterEach, describe, expect, it, vi } from "vitest";
import { failedOffline } from "./offline-not-saved";

describe("failedOffline", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is true when the browser says it is offline, whatever failed", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(failedOffline(new Error("anything"))).toBe(true);
  });

  it("is true online when a fetch failed, in each browser's words", () => {
    vi.stubGlobal("navigator", { onLine: true });
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(failedOffline(new TypeError(message)), message).toBe(true);
    }
  });

  it("is false online for a fault of ours, even a TypeError, and on the server", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(failedOffline(new TypeError("Cannot read properties of undefined (reading 'title')"))).toBe(false);
    expect(failedOffline(new Error("Failed to fetch"))).toBe(false);
    vi.stubGlobal("navigator", undefined);
    expect(failedOffline(new TypeError("Failed to fetch"))).toBe(false);
  });
});
