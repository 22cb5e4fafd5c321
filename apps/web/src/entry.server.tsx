import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import readingScript from "virtual:reading-page-script";
import { getLocations } from "./lib/api/get-locations";
import { deferHydration, withoutScripts } from "./lib/defer-hydration";
import { LocationsProvider } from "./lib/locations";
import { isScriptless, loadsAppOnIntent } from "./lib/scriptless";

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
  { nonce, api }: AppLoadContext,
) {
  responseHeaders.append("Vary", VARY_BY_DATA_SAVER);
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
    // intent (decision 107); every other page hydrates after load.
    const handles = routerContext.staticHandlerContext.matches.map((match) => match.route.handle);
    const finish = isScriptless(handles)
      ? withoutScripts
      : (html: string, nonce?: string) =>
          deferHydration(html, nonce, loadsAppOnIntent(handles) ? { onIntent: { readingScript } } : {});
    const page = (
      <LocationsProvider counties={counties}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </LocationsProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timeout);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(finish(Buffer.concat(chunks).toString("utf8"), nonce), {
              status,
              headers: responseHeaders,
            }),
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
