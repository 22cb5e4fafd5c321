import { Worker } from "node:worker_threads";
import type { LoadResult } from "./load.ts";

/**
 * `connections` clients POSTing to `url` as fast as they are answered for `seconds`, timed to the microsecond, from a
 * thread of their own (latency-probe-worker.mjs). autocannon keeps whole milliseconds, so a sub-millisecond p95 reads 0
 * or 1 ms and a ratio of two such figures is mostly rounding; and autocannon generating another load in the same thread
 * (the analytics flood) would delay the timing of these answers by its own work.
 */
export function probeLatency(settings: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  /** The JSON bodies POSTed, in turn: one for a cached list, many for searches no cache answers twice. */
  bodies: unknown[];
}): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./latency-probe-worker.mjs", import.meta.url), { workerData: settings });
    worker.once("message", resolve);
    worker.once("error", reject);
  });
}
