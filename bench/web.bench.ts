/**
 * Web first load against issue 31's budget: every public page audited by Lighthouse in Debian's Chromium with its
 * mobile defaults (simulated slow 4G, 4× CPU slowdown) on a 360 px phone screen, against the real server on the built
 * web app. Per page it prints the JavaScript of a first visit (gzip -9 of each script the page fetched, 1 KB = 1024 B,
 * as decision 097 counted it), the bytes of a first and of a repeat visit over the wire (compressed bodies and headers,
 * as Lighthouse reports them; the repeat visit keeps the first one's HTTP cache and service worker), and the median
 * performance score, LCP, total blocking time and CLS of RUNS first visits, each with PASS or MISS against the budget;
 * it never fails on a miss.
 *
 *   npm run build && node --import tsx bench/web.bench.ts
 *
 * It starts the production build (NODE_ENV=production on plain node, as an operator runs it) on DATA_DIR when set, else
 * on a fresh temporary one seeded with 120 demo ads.
 * CHROMIUM_PATH overrides /usr/bin/chromium; BENCH_RUNS the first visits per page (3).
 */
import { gzipSync } from "node:zlib";
import lighthousePackage from "lighthouse/package.json" with { type: "json" };
import puppeteer from "puppeteer-core";
import type { TCategory } from "../packages/shared/src/catalog.ts";
import { auditPage, launchChromium, type PageAudit } from "./lib/lighthouse.ts";
import { startBenchServer } from "./lib/server.ts";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Issue 31's budget. Static pages may carry an inline script for their menu, never a fetched one. */
const BUDGET = {
  publicJsKb: 75,
  staticJsKb: 0,
  firstVisitKb: 150,
  repeatVisitKb: 20,
  performance: 98,
  lcpSeconds: 1.0,
  tbtMs: 50,
  cls: 0,
};

type Kind = "public" | "static";
interface Page {
  name: string;
  path: string;
  kind: Kind;
  /** Lighthouse's score, LCP, TBT and CLS have targets on these (the issue names home, listing, search, ad, auth). */
  scored: boolean;
  /** First- and repeat-visit byte targets apply to these (a listing and an ad page). */
  bytesBudget: boolean;
}

const server = await startBenchServer({ demoAds: 120, production: true });
const chromium = await launchChromium().catch(async (error: unknown) => {
  await server.stop();
  throw error;
});
try {
  const { Browser } = (await (await fetch(`http://127.0.0.1:${chromium.port}/json/version`)).json()) as {
    Browser: string;
  };
  console.log(
    `Web first-load benchmark: Lighthouse ${lighthousePackage.version}, ${Browser}, mobile at 360 px, simulated ` +
      `throttling, median of ${RUNS} first visits per page, then one repeat visit; data in ${server.data}`,
  );

  const rows = [];
  const lcpElements: Array<[string, string | undefined]> = [];
  const hostIndices: number[] = [];
  const pages = await pagesToMeasure(server.origin);
  for (const page of pages) {
    const url = `${server.origin}${page.path}`;
    const firstVisits: PageAudit[] = [];
    const failedVisits: PageAudit[] = [];
    // A visit Lighthouse could not record (NO_NAVSTART: its trace missed the navigation) measured nothing: it is
    // made again, at most RUNS times over, so that each median is of RUNS recorded visits.
    while (firstVisits.length < RUNS && failedVisits.length < RUNS) {
      const visit = await auditPage(url, chromium.port);
      (visit.runtimeError ? failedVisits : firstVisits).push(visit);
    }
    // Straight after a first visit of the same page: its HTTP cache and, once installed, the service worker.
    const repeat = await auditPage(url, chromium.port, { repeatVisit: true });
    for (const error of new Set([...failedVisits, repeat].flatMap((audit) => audit.runtimeError ?? []))) {
      console.warn(
        `${page.path}: Lighthouse reported ${error}${failedVisits.length ? "; the visit was made again" : ""}`,
      );
    }

    const jsKb = firstVisits[0] ? ((await gzipKb(firstVisits[0].scriptUrls)) ?? null) : null;
    const jsLimit = page.kind === "public" ? BUDGET.publicJsKb : BUDGET.staticJsKb;
    const performance = median(firstVisits.map((audit) => audit.performance));
    const lcpSeconds = median(firstVisits.map((audit) => audit.lcpMs && audit.lcpMs / 1000));
    const tbtMs = median(firstVisits.map((audit) => audit.tbtMs));
    const cls = median(firstVisits.map((audit) => audit.cls));
    const firstKb = median(firstVisits.map((audit) => audit.totalBytes / 1024));
    const repeatKb = repeat.totalBytes / 1024;
    lcpElements.push([page.path, firstVisits[0]?.lcpElement]);
    hostIndices.push(...firstVisits.flatMap((audit) => audit.benchmarkIndex ?? []));
    rows.push({
      page: `${page.name} ${page.path}`,
      [`JS KB gz (≤ ${BUDGET.publicJsKb} / ${BUDGET.staticJsKb})`]: verdict(jsKb, 1, jsKb !== null && jsKb <= jsLimit),
      [`first KB (≤ ${BUDGET.firstVisitKb})`]: budgeted(page.bytesBudget, firstKb, 1, BUDGET.firstVisitKb),
      [`repeat KB (≤ ${BUDGET.repeatVisitKb})`]: budgeted(page.bytesBudget, repeatKb, 1, BUDGET.repeatVisitKb),
      [`perf (≥ ${BUDGET.performance})`]: scored(page, performance, 0, (value) => value >= BUDGET.performance),
      [`LCP s (≤ ${BUDGET.lcpSeconds.toFixed(1)})`]: scored(page, lcpSeconds, 2, (value) => value <= BUDGET.lcpSeconds),
      [`TBT ms (≤ ${BUDGET.tbtMs})`]: scored(page, tbtMs, 0, (value) => value <= BUDGET.tbtMs),
      [`CLS (${BUDGET.cls})`]: scored(page, cls, 3, (value) => value <= BUDGET.cls),
    });
  }
  console.table(rows);
  console.log(
    "JS KB: gzip -9 of the scripts a first visit fetched (the static pages' budget allows an inline script in the " +
      "HTML, counted in first KB). first/repeat KB: everything over the wire. A figure without PASS or MISS has no " +
      "target on that page.",
  );
  for (const [label, element] of lcpElements) console.log(`LCP element of ${label}: ${element ?? "unknown"}`);
  // The times above are this host's, slowed 4×: read them against how fast Lighthouse found the host.
  console.log(
    `Lighthouse's benchmark index of this host: median ${median(hostIndices)?.toFixed(0) ?? "unknown"} (` +
      `${Math.min(...hostIndices).toFixed(0)}–${Math.max(...hostIndices).toFixed(0)} over the first visits); its 4× ` +
      "CPU slowdown is meant for a high-end desktop (1,500–2,000) and it calls a host under 1,000 slower than it expects.",
  );

  // Decision 107: a first visit loads the app at its first tap; what that tap costs is printed beside the budget.
  const ad = pages.find((page) => page.name === "ad")!;
  const tap = await firstTap(`${server.origin}${ad.path}`, chromium.port);
  console.log(
    `First tap on a first visit (Save on ${ad.path}, 360 px, 4× CPU, 1.6 Mbps, 150 ms): ` +
      `${tap.scripts} scripts, ${tap.jsKb.toFixed(1)} KB gzip of JavaScript, answered (the login prompt) after ` +
      `${(tap.answeredMs / 1000).toFixed(2)} s`,
  );
} finally {
  await chromium.close();
  await server.stop();
}

/**
 * The public pages (home, categories, a listing, a search, an ad, its seller's profile, auth) and the static ones.
 * The listing is the first subcategory with ads; the ad and the seller are its first ad's.
 */
async function pagesToMeasure(origin: string): Promise<Page[]> {
  const page = (name: string, path: string, kind: Kind, scored = false, bytesBudget = false): Page => ({
    name,
    path,
    kind,
    scored,
    bytesBudget,
  });
  const pages = [page("home", "/", "public", true), page("categories", "/categories", "public")];
  const categories = ((await (await fetch(`${origin}/api/categories/active`)).json()) as { data: TCategory[] }).data;
  const subcategory = categories.flatMap((category) => category.subcategories).find((sub) => sub.ads_count > 0);
  if (!subcategory) throw new Error("No subcategory has ads: seed demo data first.");
  pages.push(page("listing", `/categories/${subcategory.category_id}/${subcategory.id}`, "public", true, true));

  const response = await fetch(`${origin}/api/ads/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ subcategory_id: subcategory.id, per_page: 1 }),
  });
  const ad = (
    (await response.json()) as {
      data?: { data?: { id: number; title: string; category_id: number; subcategory_id: number; user_id: number }[] };
    }
  ).data?.data?.[0];
  if (!ad) throw new Error(`POST /api/ads/get answered ${response.status} without an ad.`);
  const word = ad.title.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w)) ?? ad.title.split(/\s+/)[0]!;
  pages.push(
    page("search", `/search?search=${encodeURIComponent(word.toLowerCase())}`, "public", true),
    page("ad", `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}`, "public", true, true),
    page("seller", `/profile/${ad.user_id}`, "public"),
    page("auth", "/auth", "public", true),
  );
  for (const [name, path] of [
    ["about", "/about-us"],
    ["FAQ", "/faq"],
    ["terms", "/terms-and-conditions"],
    ["how to sell", "/how-to-sell"],
    ["contact", "/contact-us"],
    ["what is", "/what-is-waterside"],
  ] as const)
    pages.push(page(name, path, "static"));
  return pages;
}

/**
 * A first visit to `url` on the phone (decision 107): the page loads no app code until the Save button is
 * tapped; then how much JavaScript that tap fetched and how long until the visitor saw its answer, the login prompt.
 */
async function firstTap(url: string, port: number) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await page.emulateCPUThrottling(4);
    await page.emulateNetworkConditions({
      download: (1.6 * 1024 * 1024) / 8,
      upload: (750 * 1024) / 8,
      latency: 150,
    });
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto(url, { waitUntil: "load" });
    if (!(await page.$("html[data-app-waits]"))) throw new Error(`${url} did not wait for the reader's intent`);
    if (scripts.length) throw new Error(`${url} fetched ${scripts.length} scripts before a tap`);
    const tapped = performance.now();
    await page.locator("main ::-p-aria(Save ad)").click();
    // Run in the page, where `document` is the browser's (this file is compiled without the DOM's types).
    await page.waitForFunction('document.querySelector("dialog[open]")?.textContent?.includes("save ads")', {
      timeout: 60_000,
    });
    const answeredMs = performance.now() - tapped;
    return { scripts: new Set(scripts).size, jsKb: (await gzipKb(scripts)) ?? Number.NaN, answeredMs };
  } finally {
    await context.close();
    await browser.disconnect();
  }
}

/** gzip -9 of each script's body as the server sends it decoded, summed; null if one could not be read. */
async function gzipKb(urls: readonly string[]): Promise<number | null> {
  let bytes = 0;
  for (const url of new Set(urls)) {
    const response = await fetch(url);
    if (!response.ok) return null;
    bytes += gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
  }
  return bytes / 1024;
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : null;
}

function verdict(value: number | null, digits: number, pass: boolean): string {
  return value === null ? "– MISS" : `${value.toFixed(digits)} ${pass ? "PASS" : "MISS"}`;
}

function budgeted(applies: boolean, value: number | null, digits: number, limit: number): string {
  if (!applies) return value === null ? "–" : value.toFixed(digits);
  return verdict(value, digits, value !== null && value <= limit);
}

function scored(page: Page, value: number | null, digits: number, meets: (value: number) => boolean): string {
  if (!page.scored) return value === null ? "–" : value.toFixed(digits);
  return verdict(value, digits, value !== null && meets(value));
}
