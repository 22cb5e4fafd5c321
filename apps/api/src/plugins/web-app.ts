import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createReadableStreamFromReadable } from "@react-router/node";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Storage } from "../lib/storage.ts";
import { sendApiNotFound } from "./errors.ts";
import { createPageBoots, PAGE_BOOT_ID } from "./page-boots.ts";
import { archiveWebAssets, assetContentType, readArchivedAsset } from "./web-asset-archive.ts";

/** Vite's content-hashed files under /assets are cached for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export interface WebAppOptions {
  /** apps/web: holds build/ after `npm run build`, and the Vite config for dev. */
  webRoot: string;
  dev: boolean;
  /** Canonical links, share previews and the sitemap are cached publicly: their origin is configured, never a header. */
  publicUrl: string;
  /** The app-store and social pages the footer and Contact us link to (config.outsideLinks); none when not given. */
  outsideLinks?: { apps: Array<{ store: string; href: string }>; social: Array<{ name: string; href: string }> };
  /** Whether buyers may start safe deals (config.safeDeals): the pages offer them only then. Off when not given. */
  safeDeals?: boolean;
  /**
   * The storage the processes of a deployment share: the build's hashed assets are archived there at start, and an
   * /assets file this build lacks (another release's) is answered from there (decision 099). Production only.
   */
  assetArchive?: Storage;
}

/**
 * Serves the React Router app on every path outside /api and /media: its built assets, and
 * server rendering of each page. Loaders reach the API in-process through `context.api`,
 * so rendering a page costs no extra network hop.
 */
export async function registerWebApp(
  app: FastifyInstance,
  { webRoot, dev, publicUrl, outsideLinks = { apps: [], social: [] }, safeDeals = false, assetArchive }: WebAppOptions,
) {
  let loadBuild: () => Promise<ServerBuild>;

  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      root: webRoot,
      configFile: path.join(webRoot, "vite.config.ts"),
      // Hot reload talks over this server's own port, so the pages' policy (connect-src 'self') holds in development too.
      server: { middlewareMode: true, hmr: { server: app.server } },
    });
    await app.register(import("@fastify/middie"));
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    // build/ is a link `npm run build` moves to each new build once it is complete: this server keeps the build it
    // started with, so its pages never ask for assets a rebuild removed (apps/web/scripts/build-atomically.ts).
    const link = path.join(webRoot, "build");
    const builtDir = existsSync(link) ? realpathSync(link) : link;
    const serverEntry = path.join(builtDir, "server/index.js");
    if (!existsSync(serverEntry)) {
      throw new Error(`The web app is not built (${serverEntry} is missing): run \`npm run build\` first.`);
    }
    const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
    loadBuild = async () => build;
    // One route per built file; Vite's content-hashed files under /assets are cached for a year.
    await app.register(fastifyStatic, {
      root: path.join(builtDir, "client"),
      wildcard: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is checked against the server on every update check, so a release reaches open tabs
        // at once (its "Update available" prompt, decision 102), never an hour later from a cache.
        const worker = path.basename(filePath) === "sw.js";
        res.header("Cache-Control", immutable ? IMMUTABLE : worker ? "no-cache" : "public, max-age=3600");
      },
    });
    if (assetArchive) await serveEarlierReleasesAssets(app, assetArchive, path.join(builtDir, "client/assets"));
  }

  const pageBoots = createPageBoots(app.redis);
  /** Renders the page at `url` for this request, or only its start-up, handed to `answer` (decision 111). */
  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    url: string,
    answer?: (boot: string) => void,
  ) => {
    const handler = createRequestHandler(await loadBuild(), dev ? "development" : "production");
    const origin = publicUrl;
    return handler(toFetchRequest(request, reply, url, origin), {
      origin,
      outsideLinks,
      safeDeals,
      // The page's inline scripts carry the nonce its Content-Security-Policy allows (plugins/security-headers.ts).
      nonce: reply.scriptNonce || undefined,
      // The visitor's own address goes with the in-process call: per-address limits count visitors, not the server.
      api: (apiPath: string, init?: RequestInit) => injectApi(app, apiPath, init, request.ip),
      pageBoots: {
        keep: async (boot: string, page: string) =>
          `/page-boot/${await pageBoots.keep(boot)}?page=${encodeURIComponent(page)}`,
        answer,
      },
    });
  };

  await app.register(async (pages) => {
    // The page handler reads the raw body itself (React Router actions), so Fastify must not consume it.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));

    pages.all("/*", async (request, reply) => {
      if (request.url.startsWith("/api/") || request.url.startsWith("/media/")) return sendApiNotFound(request, reply);
      return sendFetchResponse(reply, await renderPage(request, reply, request.url), request.method === "HEAD");
    });

    // A public page sent without its start-up fetches it here at the reader's first tap (decision 111). One no longer
    // kept (expired, or kept by a process without a Redis shared with this one) is rendered again from `page`, the
    // page's own path: the data may have moved since, which React mends by rendering the page anew. Only a page
    // rendered whole answers; any other (moved, gone, not a page) has the reader load it again.
    pages.get<{ Params: { id: string }; Querystring: { page?: string } }>("/page-boot/:id", async (request, reply) => {
      reply.header("Cache-Control", "no-store").header("X-Robots-Tag", "noindex");
      const kept = PAGE_BOOT_ID.test(request.params.id) ? await pageBoots.read(request.params.id) : null;
      if (kept) return reply.type("application/json; charset=utf-8").send(kept);
      let answered: string | undefined;
      const asked = request.query.page;
      const page = typeof asked === "string" && URL.canParse(asked, publicUrl) ? new URL(asked, publicUrl) : null;
      if (page?.origin === new URL(publicUrl).origin && !/^\/(api|media)\//.test(page.pathname)) {
        const rendered = await renderPage(
          request,
          reply,
          `${page.pathname}${page.search}`,
          (boot) => (answered = boot),
        );
        await rendered.body?.cancel();
      }
      if (answered) return reply.type("application/json; charset=utf-8").send(answered);
      return reply.code(404).send({ message: "This page's start-up is gone: load the page again." });
    });
  });
}

/**
 * A rollout runs two releases at once: a page of the old one asks a process of the new one for chunks by the old
 * hashed names. This build's files are archived for the processes of later releases, and an /assets file it lacks is
 * read from the archive (decision 099). A failed archive costs only that fallback, so the process starts anyway.
 */
async function serveEarlierReleasesAssets(app: FastifyInstance, storage: Storage, assetsDir: string) {
  try {
    const archived = await archiveWebAssets(storage, assetsDir);
    app.log.info(archived, "archived this release's web assets");
  } catch (error) {
    app.log.error({ err: error }, "could not archive this release's web assets");
  }
  // This build's own files have static routes (above), which win over this parametric one.
  app.get<{ Params: { name: string } }>("/assets/:name", async (request, reply) => {
    const body = await readArchivedAsset(storage, request.params.name);
    if (!body) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    return reply.header("Cache-Control", IMMUTABLE).type(assetContentType(request.params.name)).send(body);
  });
}

/** The visitor's request as React Router's handler reads it, for the page at `url` (usually the request's own). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply, url: string, origin: string): Request {
  const controller = new AbortController();
  reply.raw.on("close", () => controller.abort());
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(new URL(url, origin), {
    // HEAD is rendered as GET, so it answers with the page's own status and headers (its body is dropped on sending).
    method: request.method === "HEAD" ? "GET" : request.method,
    headers,
    signal: controller.signal,
    ...(hasBody && { body: createReadableStreamFromReadable(request.raw), duplex: "half" }),
  } as RequestInit);
}

async function sendFetchResponse(reply: FastifyReply, response: Response, headOnly = false) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  if (headOnly) {
    // Stops the render: nobody reads the page.
    await response.body?.cancel();
    return reply.send();
  }
  return reply.send(response.body ? Readable.fromWeb(response.body as WebReadableStream) : null);
}

/** A call to the API from a page's server loader, answered in-process by the same Fastify app. */
async function injectApi(
  app: FastifyInstance,
  apiPath: string,
  init: RequestInit = {},
  remoteAddress?: string,
): Promise<Response> {
  const result = await app.inject({
    method: (init.method ?? "GET") as "GET",
    url: `/api${apiPath}`,
    remoteAddress,
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    ...(init.body !== undefined && { payload: init.body as string }),
  });
  return new Response(result.statusCode === 204 || result.statusCode === 304 ? null : result.rawPayload, {
    status: result.statusCode,
    headers: result.headers as Record<string, string>,
  });
}
