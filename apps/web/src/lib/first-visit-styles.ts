/**
 * A first visit's styles come inside its HTML (decision 109). A linked stylesheet blocks the first paint behind a
 * second request: on the phone (150 ms round trips, 1.6 Mbps) that request alone is a fifth of a second of
 * the page's LCP. A browser that has no copy yet gets the styles inline, the file linked with `media="print"` (fetched
 * without blocking anything, into the HTTP cache for the next page) and a cookie naming the file; a page whose request
 * names the same file links it as usual and stays small. A cookie whose file was evicted costs only the usual blocking
 * request. The `<link>` stays in the page, so hydration finds what React rendered (it does not patch attributes).
 */

/** The cookie that names the stylesheet this browser was given, so its next pages link the cached file. */
export const STYLES_COOKIE = "styles";

/** A year: the value is the file's content-hashed name, so a new release's file is inlined once again. */
const STYLES_COOKIE_MAX_AGE = 31_536_000;

/** React Router's `<Links nonce="">` output for a built stylesheet (root.tsx). */
const BUILT_STYLESHEET = /<link nonce="" rel="stylesheet" href="\/assets\/([\w.-]+\.css)"\/>/g;

/** The file name the `Cookie` header says this browser was given, if any. */
function givenStylesheet(cookies: string | null): string | undefined {
  return cookies?.match(new RegExp(`(?:^|;\\s*)${STYLES_COOKIE}=([\\w.-]+)`))?.[1];
}

/**
 * The page with its built stylesheets inlined when the request's cookie does not name the first of them, and the
 * `Set-Cookie` value that records it; the page unchanged (and no cookie) otherwise. `readStylesheet` gives a built
 * file's text by its name under /assets, or undefined when it cannot (the page then links it as usual).
 */
export function inlineFirstVisitStyles(
  html: string,
  cookies: string | null,
  readStylesheet: (fileName: string) => string | undefined,
): { html: string; setCookie?: string } {
  const stylesheets = [...html.matchAll(BUILT_STYLESHEET)].map((match) => match[1]!);
  const first = stylesheets[0];
  if (!first || givenStylesheet(cookies) === first) return { html };
  let inlined = false;
  const page = html.replace(BUILT_STYLESHEET, (link, fileName: string) => {
    const css = readStylesheet(fileName);
    if (css === undefined) return link;
    inlined = true;
    // The text cannot end the element early: "</style" never occurs in a stylesheet the build wrote, but is escaped.
    return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>${link.replace("/>", ' media="print"/>')}`;
  });
  if (!inlined) return { html };
  return {
    html: page,
    setCookie: `${STYLES_COOKIE}=${first}; Path=/; Max-Age=${STYLES_COOKIE_MAX_AGE}; SameSite=Lax`,
  };
}
