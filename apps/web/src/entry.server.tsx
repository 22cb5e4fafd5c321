import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import readingScript from "virtual:reading-page-script";
import { getLocations } from "./lib/api/get-locations";
import { deferHydration, takePageBoot, withoutScripts } from "./lib/defer-hydration";
import { LocationsProvider } from "./lib/locations";
import { appHasRunIn, isScriptless, loadsAppOnIntent } from "./lib/scriptless";

export const streamTimeout = 5_000;

/**
 * Pages choose photo sizes by the request's `Save-Data` and the visitor's data saver cookie (decision 105): a cache
 * (the service worker's, or any between us and the phone) must keep the light and the full page apart.
 */
const VARY_BY_DATA_SAVER = "Save-Data, Cookie";

/** The router's page data carries the root's data saver decision too (`root.tsx` loader). */
export function handleDataRequest(response: Response) {
  response.headers.append("Vary", VARY_BY_DATA_SAVER);
  return response;
}

/**
 * React Router's default Node entry, except that a page is rendered whole before it is sent (no loader here
 * streams) so that its scripts can be moved after its `load` event, or left out on an info page
 * (lib/defer-hydration.ts), and inside the providers the browser's entry gives its app too (entry.client.tsx).
 * Every inline script (React Router's, React's, the hydration loader) carries the nonce the server's
 * Content-Security-Policy allows.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  { nonce, api, pageBoots }: AppLoadContext,
) {
  responseHeaders.append("Vary", VARY_BY_DATA_SAVER);
  const handles = routerContext.staticHandlerContext.matches.map((match) => match.route.handle);
  const onIntent = loadsAppOnIntent(handles);
  // Asked for the start-up of a page whose kept one is gone (decision 111): only a page loaded on intent has one.
  if (pageBoots.answer && !onIntent) return new Response(null, { status: 404 });
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The same list the browser reads before it hydrates (lib/locations.tsx); none when it cannot be read, as there.
  const counties = await getLocations(api).catch(() => []);
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    let abortRender = () => {};
    const timeout = setTimeout(() => abortRender(), streamTimeout + 1000);
    // An info page is sent without React's scripts at all (lib/scriptless.ts); a public page loads them on the reader's
    // intent (decision 107), and a browser that has not run the app yet gets the page without its start-up, which
    // the server keeps until then (decision 111); every other page hydrates after load.
    const finish = async (html: string): Promise<string> => {
      if (isScriptless(handles)) return withoutScripts(html, nonce);
      if (!onIntent) return deferHydration(html, nonce);
      // Only a page rendered whole has a start-up to keep, or to answer: another (a 404, an ad gone) carries its own.
      const whole = status === 200;
      if (pageBoots.answer) {
        const taken = whole ? takePageBoot(html) : null;
        if (taken) pageBoots.answer(JSON.stringify(taken.boot));
        return "";
      }
      // Kept for a reader's browser that has not run the app, on its way to the page; a crawler, a link preview or a
      // HEAD (none of which is a navigation) gets the page with its start-up, and nothing is kept for it.
      const keeps =
        whole && request.headers.get("sec-fetch-mode") === "navigate" && !appHasRunIn(request.headers.get("cookie"));
      const taken = keeps ? takePageBoot(html) : null;
      if (!taken) return deferHydration(html, nonce, { onIntent: { readingScript } });
      const { pathname, search } = new URL(request.url);
      // A start-up that cannot be kept at once (Redis slow or gone) rides in the page instead: the page never waits.
      const bootUrl = await pageBoots.keep(JSON.stringify(taken.boot), `${pathname}${search}`).catch((error) => {
        console.error(error);
        return undefined;
      });
      return bootUrl
        ? deferHydration(taken.html, nonce, { onIntent: { readingScript, bootUrl } })
        : deferHydration(html, nonce, { onIntent: { readingScript } });
    };
    const page = (
      <LocationsProvider counties={counties}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </LocationsProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // The page is sent whole, so a large Suspense boundary (home's lists, 28 KB each) gains nothing from being sent
      // after the rest and moved into place by script: it stays where it belongs, painted with the page.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeout);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          finish(Buffer.concat(chunks).toString("utf8")).then(
            (page) => resolve(new Response(page, { status, headers: responseHeaders })),
            reject,
          );
        });
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        // Errors while rendering the shell reject above and are logged by React Router.
        if (shellRendered) console.error(error);
      },
    });
    abortRender = abort;
  });
}
