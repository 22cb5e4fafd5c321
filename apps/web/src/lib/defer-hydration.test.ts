import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

const page = (body: string, nonce?: string) => {
  const attribute = nonce ? ` nonce="${nonce}"` : "";
  return (
    `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js"${attribute}/>` +
    `<link rel="modulepreload" href="/assets/root-2.js"${attribute}/><link rel="stylesheet" href="/assets/root.css"/></head>` +
    `<body>${body}<script${attribute}>window.__reactRouterContext = {};</script>` +
    `<script${attribute} type="module" async="">import "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script></body></html>`
  );
};

/** Runs the page's loader script with a fake document, fires `load`, and returns what it appended. */
function runLoader(html: string) {
  const loader = /<script[^>]*>(addEventListener[\s\S]*?)<\/script>/.exec(html)![1]!;
  const appended: Array<Record<string, string>> = [];
  let onLoad = () => {};
  new Function("addEventListener", "document", loader)((_event: string, listener: () => void) => (onLoad = listener), {
    createElement: () => ({}) as Record<string, string>,
    head: { appendChild: (node: Record<string, string>) => appended.push(node) },
    body: { appendChild: (node: Record<string, string>) => appended.push(node) },
  });
  const before = [...appended];
  onLoad();
  return { before, appended };
}

describe("deferHydration", () => {
  it("moves the module preloads and the hydration script after the load event", () => {
    const html = deferHydration(page("<h1>Cars</h1>"));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    expect(html).toContain("<script>window.__reactRouterContext = {};</script>");
    expect(html).toContain('addEventListener("load"');
    expect(html).toContain('["/assets/entry.client-1.js","/assets/root-2.js"]');
    expect(html).toContain('"import \\"/assets/root-2.js\\";\\nimport(\\"/assets/entry.client-1.js\\");"');
  });

  it("leaves a page without a hydration script as it is", () => {
    const html = "<!DOCTYPE html><html><body><h1>Offline</h1></body></html>";
    expect(deferHydration(html)).toBe(html);
  });

  it("runs the deferred script in a browser-like order: preloads first, then the module", () => {
    const { before, appended } = runLoader(deferHydration(page("")));
    expect(before).toEqual([]);
    expect(appended.map((node) => node.rel ?? node.type)).toEqual(["modulepreload", "modulepreload", "module"]);
    expect(appended[2]!.textContent).toContain('import("/assets/entry.client-1.js")');
    expect(appended[2]!.nonce).toBeUndefined();
  });

  it("gives the loader and the module script it creates the response's nonce, which the policy requires", () => {
    const html = deferHydration(page("<h1>Cars</h1>", "bm9uY2U+/w=="), "bm9uY2U+/w==");
    expect(html).not.toContain('<script nonce="bm9uY2U+/w==" type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<script nonce="bm9uY2U+/w==">window.__reactRouterContext = {};</script>');
    expect(html).toContain('<script nonce="bm9uY2U+/w==">addEventListener("load"');
    const { appended } = runLoader(html);
    expect(appended.map((node) => node.rel ?? node.type)).toEqual(["modulepreload", "modulepreload", "module"]);
    expect(appended[2]!.nonce).toBe("bm9uY2U+/w==");
    expect(appended[2]!.textContent).toContain('import("/assets/entry.client-1.js")');
  });

  it("cannot be made to write markup through the nonce", () => {
    const html = deferHydration(page(""), '"><img src=x onerror=alert(1)>');
    expect(html).toContain('<script nonce="&quot;><img src=x onerror=alert(1)>">addEventListener');
    expect(html).not.toContain('"><img');
  });
});
