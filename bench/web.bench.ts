/**
 * Web first load (issue 3): the home page, a listing and an ad page, each audited 3 times by Lighthouse
 * in Debian's Chromium with its mobile defaults (simulated slow 4G, 4× CPU slowdown), against the real
 * server on the built web app. Prints the median performance score and LCP, and the bytes that went
 * over the wire (compressed, 1 KB = 1024 bytes as in Lighthouse's report), with PASS or MISS against
 * the targets; it never fails on a miss.
 *
 *   npm run build && node --import tsx bench/web.bench.ts
 *
 * It starts the server on DATA_DIR when set, else on a fresh temporary one seeded with 120 demo ads.
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthousePackage from "lighthouse/package.json" with { type: "json" };
import type { TCategory } from "../packages/shared/src/catalog.ts";
import { auditPage, launchChromium, type PageAudit } from "./lib/lighthouse.ts";

const RUNS = 3;
const TARGETS = { jsKb: 130, totalKb: 350, performance: 90, lcpSeconds: 2.0 };

const root = path.resolve(import.meta.dirname, "..");
if (!existsSync(path.join(root, "apps/web/build/server/index.js"))) {
  console.error("The web app is not built: run `npm run build` first, then this benchmark again.");
  process.exit(1);
}

const temporaryDataDir = process.env.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), "waterside-web-bench-"));
// The embedded PostgreSQL runs as another user when we are root; it must be able to enter the folder.
if (temporaryDataDir) chmodSync(temporaryDataDir, 0o755);

const removeTemporaryDataDir = () => temporaryDataDir && rmSync(temporaryDataDir, { recursive: true, force: true });
const server = await startServer().catch((error: unknown) => {
  removeTemporaryDataDir();
  throw error;
});
const chromium = await launchChromium().catch(async (error: unknown) => {
  await server.stop();
  removeTemporaryDataDir();
  throw error;
});
try {
  const { Browser } = (await (await fetch(`http://127.0.0.1:${chromium.port}/json/version`)).json()) as {
    Browser: string;
  };
  console.log(
    `Web first-load benchmark: Lighthouse ${lighthousePackage.version}, ${Browser}, mobile, simulated throttling, ` +
      `median of ${RUNS} runs per page, data in ${process.env.DATA_DIR ?? `${temporaryDataDir} (demo, 120 ads)`}`,
  );

  const rows = [];
  const lcpElements: Array<[string, string | undefined]> = [];
  for (const page of await pagesToMeasure(server.origin)) {
    const url = `${server.origin}${page.path}`;
    const status = (await fetch(url, { redirect: "manual" })).status;
    const runs: PageAudit[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await auditPage(url, chromium.port));
    for (const error of new Set(runs.flatMap((audit) => audit.runtimeError ?? []))) {
      console.warn(`${page.path}: Lighthouse reported ${error}`);
    }

    const performance = median(runs.map((audit) => audit.performance));
    const lcpSeconds = median(runs.map((audit) => audit.lcpMs && audit.lcpMs / 1000));
    const jsKb = median(runs.map((audit) => audit.jsBytes / 1024));
    const totalKb = median(runs.map((audit) => audit.totalBytes / 1024));
    lcpElements.push([page.path, runs[0]?.lcpElement]);
    rows.push({
      page: `${page.name} ${page.path}${status === 404 ? " (route not built yet)" : ""}`,
      status,
      [`perf (≥ ${TARGETS.performance})`]: verdict(
        performance,
        0,
        performance !== null && performance >= TARGETS.performance,
      ),
      [`LCP s (≤ ${TARGETS.lcpSeconds.toFixed(1)})`]: verdict(
        lcpSeconds,
        2,
        lcpSeconds !== null && lcpSeconds <= TARGETS.lcpSeconds,
      ),
      [`JS KB (≤ ${TARGETS.jsKb})`]: verdict(jsKb, 1, jsKb !== null && jsKb <= TARGETS.jsKb),
      [`total KB (≤ ${TARGETS.totalKb})`]: verdict(totalKb, 1, totalKb !== null && totalKb <= TARGETS.totalKb),
    });
  }
  console.table(rows);
  for (const [label, element] of lcpElements) console.log(`LCP element of ${label}: ${element ?? "unknown"}`);
} finally {
  await chromium.close();
  await server.stop();
  removeTemporaryDataDir();
}

/** Home, then a listing and an ad from the first category whose subcategory has ads. */
async function pagesToMeasure(origin: string): Promise<{ name: string; path: string }[]> {
  const pages = [{ name: "home", path: "/" }];
  const categories = ((await (await fetch(`${origin}/api/categories/active`)).json()) as { data: TCategory[] }).data;
  const subcategory = categories.flatMap((category) => category.subcategories).find((sub) => sub.ads_count > 0);
  if (!subcategory) {
    console.warn("No subcategory has ads: only the home page is measured.");
    return pages;
  }
  pages.push({ name: "listing", path: `/categories/${subcategory.category_id}/${subcategory.id}` });

  const response = await fetch(`${origin}/api/ads/get`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ subcategory_id: subcategory.id, per_page: 1 }),
  });
  const ad = (
    (await response.json()) as { data?: { data?: { id: number; category_id: number; subcategory_id: number }[] } }
  ).data?.data?.[0];
  if (ad) pages.push({ name: "ad", path: `/categories/${ad.category_id}/${ad.subcategory_id}/${ad.id}` });
  else console.warn(`POST /api/ads/get answered ${response.status} without an ad: the ad page is not measured.`);
  return pages;
}

/** The real server (`npm run serve`) on a free loopback port, ready once it prints its banner. */
async function startServer(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: process.env.DATA_DIR ?? temporaryDataDir,
    LOG_LEVEL: "warn",
    ...(temporaryDataDir && { DEMO_ADS: "120" }),
  };
  delete env.NODE_ENV;

  const child = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stdout = "";
  await new Promise<void>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes("is running at")) return;
      // Past start-up only warnings are logged; show them next to the figures they may explain.
      child.stdout.off("data", collect);
      child.stdout.pipe(process.stdout);
      resolve();
    };
    child.stdout.on("data", collect);
    void exited.then((code) => reject(new Error(`The server exited with ${code} before it was ready:\n${stdout}`)));
  });

  return {
    origin: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.stdout.unpipe(process.stdout).resume();
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function median(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor(known.length / 2)]! : null;
}

function verdict(value: number | null, digits: number, pass: boolean): string {
  return value === null ? "– MISS" : `${value.toFixed(digits)} ${pass ? "PASS" : "MISS"}`;
}
