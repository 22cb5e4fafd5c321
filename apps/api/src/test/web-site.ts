import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "../config.ts";
import { registerWebApp } from "../plugins/web-app.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

const webRoot = path.resolve(import.meta.dirname, "../../../web");

/**
 * The API with the built web app's pages as server.ts serves them, `env` being the operator's configuration (the links
 * and settings the pages pass on). Needs the web build (`webAppMissing`).
 */
export async function webSiteWith(env: Record<string, string> = {}): Promise<TestApp> {
  const site = await createTestApp(env);
  const dataDir = mkdtempSync(path.join(tmpdir(), "waterside-site-"));
  const config = loadConfig({ NODE_ENV: "test", TOKEN_SECRET: "t".repeat(40), DATA_DIR: dataDir, ...env });
  await registerWebApp(site.app, {
    webRoot,
    dev: false,
    publicUrl: "http://waterside.test",
    outsideLinks: config.outsideLinks,
    safeDeals: config.safeDeals,
  });
  return site;
}

/** The chunks of React Router's page data a page's HTML carries for the browser's app, each as the router reads it. */
export const routerDataChunks = (html: string) =>
  [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map(
    (match) => JSON.parse(match[1]!) as string,
  );

/**
 * Where a public page sent without its start-up fetches it (decision 111), or undefined when the page carries it: a
 * browser that has run the app, or a page that hydrates at load.
 */
export const bootUrlIn = (html: string) => /fetch\("(\/page-boot\/[^"]+)"\)/.exec(html)?.[1];

/** A page as a first-time visitor's browser gets it, with the router data its app hydrates with, inline or kept. */
export async function pageWithRouterData(site: TestApp, url: string) {
  const page = await site.app.inject({ method: "GET", url, headers: { "sec-fetch-mode": "navigate" } });
  const bootUrl = bootUrlIn(page.body);
  const source = bootUrl
    ? (await site.app.inject({ method: "GET", url: bootUrl })).json<{ routerData: string }>().routerData
    : page.body;
  return { page, routerData: routerDataChunks(source) };
}
