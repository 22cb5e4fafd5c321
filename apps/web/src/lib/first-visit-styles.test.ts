import { describe, expect, it } from "vitest";
import { STYLES_COOKIE, inlineFirstVisitStyles } from "./first-visit-styles";

const page =
  '<!DOCTYPE html><html><head><link rel="icon" href="/favicon.svg"/>' +
  '<link nonce="" rel="stylesheet" href="/assets/root-AB12.css"/></head><body><h1>Cars</h1></body></html>';
const built: Record<string, string> = { "root-AB12.css": "h1{color:green}" };
const read = (fileName: string) => built[fileName];

describe("inlineFirstVisitStyles", () => {
  it("puts a first visit's styles in the page, keeps the file linked without blocking, and names it in a cookie", () => {
    const { html, setCookie } = inlineFirstVisitStyles(page, null, read);
    expect(html).toContain(
      '<style>h1{color:green}</style><link nonce="" rel="stylesheet" href="/assets/root-AB12.css" media="print"/>',
    );
    expect(html).not.toContain('href="/assets/root-AB12.css"/>');
    expect(setCookie).toBe(`${STYLES_COOKIE}=root-AB12.css; Path=/; Max-Age=31536000; SameSite=Lax`);
  });

  it("links the file as usual for a browser whose cookie names it", () => {
    const cookies = `data-saver=on; ${STYLES_COOKIE}=root-AB12.css`;
    expect(inlineFirstVisitStyles(page, cookies, read)).toEqual({ html: page });
  });

  it("inlines again after a release changed the file", () => {
    const { html, setCookie } = inlineFirstVisitStyles(page, `${STYLES_COOKIE}=root-OLD1.css`, read);
    expect(html).toContain("<style>h1{color:green}</style>");
    expect(setCookie).toContain(`${STYLES_COOKIE}=root-AB12.css;`);
  });

  it("links a file it cannot read, and sets no cookie", () => {
    expect(inlineFirstVisitStyles(page, null, () => undefined)).toEqual({ html: page });
  });

  it("never lets a stylesheet's text close the style element", () => {
    const { html } = inlineFirstVisitStyles(page, null, () => 'a::after{content:"</style><script>"}');
    expect(html).toContain('<style>a::after{content:"<\\/style><script>"}</style>');
  });
});
