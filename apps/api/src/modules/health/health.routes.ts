import { ZHealth, ZReadiness } from "@waterside/shared/health";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { HealthService } from "./health.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Readiness, and drain() for the server's SIGTERM (decision 092). */
    health: HealthService;
  }
}

/**
 * Probes for load balancers and orchestrators, not the client contract: bare bodies, no rate limit (a balancer polls
 * every few seconds from one address), never cached, and logged only when something is wrong. Once shutdown has begun
 * Fastify itself answers every request, these included, with 503 (`return503OnClosing`), so traffic moves elsewhere
 * while in-flight requests finish.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  app.get(
    "/health",
    {
      logLevel: "warn",
      schema: {
        tags: ["operations"],
        summary: "Liveness: the process is up (no database involved)",
        response: { 200: ZHealth },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/ready",
    {
      logLevel: "warn",
      schema: {
        tags: ["operations"],
        summary: "Readiness: the database answers and has every committed migration; 503 names the failed check",
        response: { 200: ZReadiness, 503: ZReadiness },
      },
    },
    async (_request, reply) => {
      const readiness = await health.readiness();
      return reply.status(readiness.status === "ready" ? 200 : 503).send(readiness);
    },
  );
};
