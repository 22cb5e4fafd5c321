import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { type Flags } from "lighthouse";

export interface PageAudit {
  /** Lighthouse performance score, 0–100; null when Lighthouse could not score the page. */
  performance: number | null;
  lcpMs: number | null;
  /** Total blocking time, ms, and cumulative layout shift, as Lighthouse's metrics audits compute them. */
  tbtMs: number | null;
  cls: number | null;
  /** Every script the page fetched. */
  scriptUrls: string[];
  /** Bytes over the wire (compressed bodies plus headers), as Lighthouse's network-requests audit saw them. */
  jsBytes: number;
  totalBytes: number;
  /** What the largest contentful paint was, as Lighthouse names it (a selector or snippet). */
  lcpElement?: string;
  /**
   * Lighthouse's own measure of the host's CPU (`environment.benchmarkIndex`): its 4× slowdown is meant for a
   * high-end desktop (1,500–2,000), and it warns on a host under 1,000 that the times overstate a phone's.
   */
  benchmarkIndex: number | null;
  runtimeError?: string;
}

interface NetworkRequest {
  url?: string;
  transferSize?: number;
  resourceType?: string;
}

/**
 * Debian's Chromium, headless, with the DevTools protocol on an ephemeral loopback port and a fresh
 * profile. We launch it ourselves rather than through chrome-launcher so the flags are exactly these.
 */
export async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const executable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  const profile = mkdtempSync(path.join(tmpdir(), "waterside-chromium-"));
  chmodSync(profile, 0o755);
  const child = spawn(
    executable,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  let stderr = "";
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
      const listening = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(stderr);
      if (listening) resolve(Number(listening[1]));
    });
    child.once("error", reject);
    void exited.then(() => reject(new Error(`${executable} exited before DevTools was ready:\n${stderr}`)));
  });
  child.stderr.resume();

  return {
    port,
    close: async () => {
      child.kill("SIGTERM");
      await exited;
      await profileReleased(profile);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium's helper processes outlive the browser by a few milliseconds and write its disk cache on
 * the way out; removing the profile before they are gone leaves a stray folder behind.
 */
async function profileReleased(profile: string, timeoutMs = 5000) {
  const flag = `--user-data-dir=${profile}`;
  const holders = () =>
    readdirSync("/proc").filter((pid) => {
      if (!/^\d+$/.test(pid)) return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(flag);
      } catch {
        return false; // gone in the meantime
      }
    });
  for (const deadline = Date.now() + timeoutMs; holders().length && Date.now() < deadline;) await sleep(50);
}

/** The phone issue 31's budget is set for: 360 px wide, as the journeys' phone. */
const PHONE_SCREEN = { mobile: true, width: 360, height: 740, deviceScaleFactor: 2, disabled: false };

/** Lighthouse's own list of what a first visit clears, and the cookies and local storage besides. */
const FIRST_VISIT_KEEPS_NOTHING = [
  "file_systems",
  "shader_cache",
  "service_workers",
  "cache_storage",
  "cookies",
  "local_storage",
  "indexeddb",
] as const;

/**
 * One Lighthouse navigation with its defaults for a phone: mobile form factor and simulated throttling
 * (slow 4G, 4× CPU slowdown), performance category only. Storage and cache are cleared first, so
 * this is a first load, unless `repeatVisit` keeps them. Pages answering 4xx are still measured (`ignoreStatusCode`).
 */
export async function auditPage(
  url: string,
  port: number,
  { repeatVisit = false }: { repeatVisit?: boolean } = {},
): Promise<PageAudit> {
  const flags: Flags = {
    screenEmulation: PHONE_SCREEN,
    disableStorageReset: repeatVisit,
    // Lighthouse's reset keeps cookies and local storage, which a first visit must not have: a public page loads its
    // app at once where local storage says the app has run (decision 107), and a cookie changes what a page sends.
    clearStorageTypes: [...FIRST_VISIT_KEEPS_NOTHING],
    port,
    hostname: "127.0.0.1",
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    throttlingMethod: "simulate",
    ignoreStatusCode: true,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;

  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  const bytes = (items: NetworkRequest[]) => items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = lhr.categories.performance?.score;
  const lcp = lhr.audits["largest-contentful-paint"]?.numericValue;
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    return typeof value === "number" ? value : null;
  };

  return {
    performance: typeof score === "number" ? Math.round(score * 100) : null,
    lcpMs: typeof lcp === "number" ? lcp : null,
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scriptUrls: requests.filter((item) => item.resourceType === "Script" && item.url).map((item) => item.url!),
    jsBytes: bytes(requests.filter((item) => item.resourceType === "Script")),
    totalBytes: bytes(requests),
    lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details),
    benchmarkIndex: lhr.environment.benchmarkIndex ?? null,
    ...(lhr.runtimeError && { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` }),
  };
}

/** The LCP element's snippet from the audit's table, shortened for a console line. */
function lcpElementOf(details: unknown): string | undefined {
  const found = JSON.stringify(details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/);
  return found?.[1]?.replace(/\\"/g, '"').slice(0, 90);
}
