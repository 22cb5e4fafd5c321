import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Metrics } from "./metrics.service.ts";

/** Requests Fastify matched to no route: counted under one label, never under the URL asked for. */
const UNMATCHED = "unmatched";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /metrics in Prometheus' text format (decision 092), and the hook that times every request under its route
 * pattern. Not public: only `Authorization: Bearer <METRICS_TOKEN>` is answered; anything else is 401 with nothing
 * but a generic message. Without `metrics` (METRICS_TOKEN unset) /metrics is 404 and no request is timed. Registered
 * with fastify-plugin so the hook sees every route, the web app's included.
 */
export const metricsRoutes = fp(
  async (app: FastifyInstance, { metrics, token }: { metrics?: Metrics; token?: string }) => {
    if (!metrics || !token) {
      // Answered here rather than left to the web app's catch-all, which would render a page for it.
      app.get("/metrics", { logLevel: "warn", schema: { hide: true } }, async (_request, reply) =>
        reply.status(404).send({ message: "No route for GET /metrics." }),
      );
      return;
    }
    const expected = digest(`Bearer ${token}`);

    app.addHook("onResponse", async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });

    app.get("/metrics", { logLevel: "warn", schema: { hide: true } }, async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      // Compared as digests of equal length in constant time: the answer's timing says nothing about the token.
      if (!timingSafeEqual(digest(request.headers.authorization ?? ""), expected)) {
        return reply
          .status(401)
          .header("WWW-Authenticate", 'Bearer realm="metrics"')
          .send({ message: "Authentication required." });
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  },
  { name: "metrics" },
);
