/** The words a browser gives a fetch that never reached the server: Chromium's, Firefox's, Safari's. */
const FAILED_FETCH = /failed to fetch|networkerror|load failed/i;

/**
 * Whether an error is a fetch that could not reach the server (no connection, a dropped one): `fetch` rejects with a
 * TypeError in those words. Any other TypeError is a fault of ours, and must be said as one, never taken for offline.
 */
export const isFailedFetch = (error: unknown) => error instanceof TypeError && FAILED_FETCH.test(error.message);
