import { describe, expect, it } from "vitest";
import { deferHydration } from "./defer-hydration";

const page = (body: string) =>
  `<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.client-1.js"/>` +
  `<link rel="modulepreload" href="/assets/root-2.js"/><link rel="stylesheet" href="/assets/root.css"/></head>` +
  `<body>${body}<script>window.__reactRouterContext = {};</script>` +
  `<script type="module" async="">import "/assets/root-2.js";\nimport("/assets/entry.client-1.js");</script></body></html>`;

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
    const html = deferHydration(page(""));
    const loader = /<script>(addEventListener[\s\S]*?)<\/script>/.exec(html)![1]!;
    const appended: Array<Record<string, string>> = [];
    const element = () => ({}) as Record<string, string>;
    let onLoad = () => {};
    new Function("addEventListener", "document", loader)(
      (_event: string, listener: () => void) => (onLoad = listener),
      {
        createElement: element,
        head: { appendChild: (node: Record<string, string>) => appended.push(node) },
        body: { appendChild: (node: Record<string, string>) => appended.push(node) },
      },
    );
    expect(appended).toEqual([]);
    onLoad();
    expect(appended.map((node) => node.rel ?? node.type)).toEqual(["modulepreload", "modulepreload", "module"]);
    expect(appended[2]!.textContent).toContain('import("/assets/entry.client-1.js")');
  });
});
