import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { isOfflineFailure } from "./write-queue";

describe("isOfflineFailure", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("queues a write the browser could not send: offline, a failed fetch, an upload with no connection", () => {
    vi.stubGlobal("navigator", { onLine: false });
    expect(isOfflineFailure(new ApiError(500, "Request failed"))).toBe(true);
    vi.stubGlobal("navigator", { onLine: true });
    expect(isOfflineFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isOfflineFailure(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
    expect(isOfflineFailure(new ApiError(0, "No connection. Please try again."))).toBe(true);
  });

  it("never queues what the server answered, nor a fault of ours", () => {
    vi.stubGlobal("navigator", { onLine: true });
    expect(isOfflineFailure(new ApiError(422, "The title is required"))).toBe(false);
    expect(isOfflineFailure(new ApiError(503, "Request failed"))).toBe(false);
    expect(isOfflineFailure(new TypeError("Cannot read properties of undefined (reading 'photos')"))).toBe(false);
  });
});
