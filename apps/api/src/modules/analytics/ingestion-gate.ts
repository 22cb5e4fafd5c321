import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * Event-loop lag above which view and click registrations start being shed (decision 098, issue 32 "Isolation"): the
 * lag a browsing request then waits is already a few times an idle cached list's few milliseconds.
 */
export const INGESTION_MAX_LAG_MS = 10;
/** How often the lag is read and the admitted share adjusted. */
export const INGESTION_SAMPLE_MS = 100;
/** The share admitted never falls below this: a trickle keeps counting, and shows when the lag has gone. */
const MIN_SHARE = 1 / 64;
/** What the share regains per calm sample: from the minimum to everything in about a second. */
const SHARE_STEP = 0.1;
/** Seconds a shed client is told to wait; the web app drops what it sent anyway (spec §8 swallows failures). */
export const SHED_RETRY_AFTER_SECONDS = 1;
export const SHED_MESSAGE = "Busy: this registration was not counted. Please try again later.";

/**
 * Which registrations to admit: all while the event loop keeps up, a share halved at each sample that finds it
 * lagging, and given back a step at each calm one (additive increase, multiplicative decrease), so a flood is
 * admitted at about what the process absorbs without slowing browsing. `readLag` and `random` are injected so the
 * decision can be tested without timing.
 */
export function createIngestionGate({
  readLag,
  maxLagMs = INGESTION_MAX_LAG_MS,
  random = Math.random,
}: {
  readLag: () => number;
  maxLagMs?: number;
  random?: () => number;
}) {
  let share = 1;
  return {
    /** Reads the lag since the last sample and adjusts the share. */
    sample() {
      share = readLag() > maxLagMs ? Math.max(MIN_SHARE, share / 2) : Math.min(1, share + SHARE_STEP);
    },
    admits: () => share >= 1 || random() < share,
    /** The share of registrations admitted now, 1 when calm. */
    share: () => share,
  };
}

export type IngestionGate = ReturnType<typeof createIngestionGate>;

/**
 * The event loop's lag in ms since the last read: the mean delay of a timer due every `resolution` ms, less that
 * resolution (as @fastify/under-pressure measures it), over the window since the previous read.
 */
export function eventLoopLagReader(resolution = 5) {
  const histogram = monitorEventLoopDelay({ resolution });
  histogram.enable();
  return {
    read() {
      const mean = histogram.count > 0 ? histogram.mean / 1e6 : 0;
      histogram.reset();
      return Math.max(0, mean - resolution);
    },
    stop: () => histogram.disable(),
  };
}

/**
 * The gate of this process's registrations, sampling its own event loop until `stop`. Its `guard` is an onRequest
 * hook: it answers a shed registration 503 with Retry-After before the body is read (decision 098).
 */
export function startIngestionGate() {
  const lag = eventLoopLagReader();
  const gate = createIngestionGate({ readLag: lag.read });
  const timer = setInterval(() => gate.sample(), INGESTION_SAMPLE_MS);
  timer.unref();
  return {
    gate,
    guard: ingestionGuard(gate),
    stop() {
      clearInterval(timer);
      lag.stop();
    },
  };
}

/**
 * An onRequest hook refusing what `gate` does not admit: 503 with Retry-After, as the spec's clients swallow it. Sent
 * here rather than thrown: under a flood, a shed request should cost no stack trace and no trip through the error
 * handler; the reply has the errors' shape, `{ message }`. The refusal is sent once its Retry-After has passed: a
 * client that sends again as soon as it is answered (a script, a flood) is held to a call a second per connection,
 * for the price of a timer, instead of coming back at once for ever more refusals that each cost a request's work.
 */
export function ingestionGuard(
  gate: Pick<IngestionGate, "admits">,
  { holdMs = SHED_RETRY_AFTER_SECONDS * 1000 }: { holdMs?: number } = {},
) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (gate.admits()) return;
    if (holdMs > 0) await delay(holdMs);
    return reply.code(503).header("retry-after", String(SHED_RETRY_AFTER_SECONDS)).send({ message: SHED_MESSAGE });
  };
}
