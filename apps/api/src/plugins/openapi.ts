import swagger, { type SwaggerTransform } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { BRAND } from "@waterside/shared/brand";

/** Route hooks a guard can sit in: `onRequest` refuses a visitor before the body is read, `preHandler` after. */
const GUARD_HOOKS = ["onRequest", "preParsing", "preValidation", "preHandler"] as const;

/**
 * Whether a route is guarded by `app.requireUser` or `app.requireAdmin`, alone or among other hooks (rate
 * limits). The guards are compared by identity when the document is built, since the auth plugin decorates
 * them after this plugin is registered.
 */
function needsToken(app: FastifyInstance, route: RouteOptions) {
  const guards = (["requireUser", "requireAdmin"] as const)
    .filter((name) => app.hasDecorator(name))
    .map((name) => app[name]);
  const hooks: unknown[] = GUARD_HOOKS.flatMap((hook) => route[hook] ?? []);
  return hooks.some((hook) => guards.some((guard) => guard === hook));
}

/** The OpenAPI document is generated from the routes' zod schemas; browse it at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, { serveDocs }: { serveDocs: boolean }) => {
  const transform: SwaggerTransform = (input) => {
    // Only the API is documented: the web app's pages (`/*`) and stored images (`/media/*`) are not operations.
    if (!input.url.startsWith("/api/")) return { schema: { hide: true }, url: input.url };
    const result = jsonSchemaTransform(input);
    // Public routes that read an optional token (is_saved on lists) stay unmarked: a token never decides
    // whether they answer, and every route accepts one.
    if (!needsToken(app, input.route)) return result;
    return { ...result, schema: { ...result.schema, security: [{ bearer: [] }] } };
  };

  await app.register(swagger, {
    openapi: {
      info: { title: `${BRAND} API`, version: "1.0.0", description: `The API of ${BRAND}, under the base path /api.` },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform,
  });
  // Off in production unless API_DOCS says so: the document is a map of every operation for an attacker too.
  if (serveDocs) await app.register(swaggerUi, { routePrefix: "/api/docs" });
});
