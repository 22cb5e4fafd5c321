import { ADMIN_TABLE_PAGE } from "@waterside/shared/admin-messages";
import { envelope, paged } from "@waterside/shared/api-envelope";
import {
  EXCHANGE_RATE_MESSAGES,
  ZAdminExchangeRate,
  ZAdminExchangeRatesQuery,
  ZExchangeRate,
  ZSetExchangeRate,
} from "@waterside/shared/exchange-rates";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { toPage } from "../../lib/paging.ts";
import type { RecordChange } from "../../lib/recorded-change.ts";
import { sendCacheable } from "../../plugins/http-cache.ts";
import { currentAdmin, guardEveryRoute } from "../../plugins/auth.ts";
import type { ExchangeRatesService } from "./exchange-rates.service.ts";

/**
 * How long browsers, apps and proxies may keep the public rate: a change reaches them within a minute, the time
 * issue 30 gives lists to follow a new rate.
 */
export const RATE_CACHE_SECONDS = 60;

/**
 * The exchange rate's calls (issue 30, decision 086): the public rate in force, and the admins' history and new
 * rates. The admin routes register in a scope of their own whose every route `app.requireAdmin` guards first, as the
 * admin scope of app.ts does (a visitor gets 401, a user's token 403, before the body is read); each new rate is
 * audited through `audit`, the admin area's record (app.ts hands it in, as it does to the admin sign-in).
 */
export const exchangeRatesRoutes: FastifyPluginAsyncZod<{
  exchangeRates: ExchangeRatesService;
  audit: (adminId: number) => RecordChange;
}> = async (app, { exchangeRates, audit }) => {
  app.get(
    "/exchange-rates/latest",
    {
      schema: {
        tags: ["exchange-rates"],
        summary: "The US$→L$ rate in force: Liberian dollars for one US dollar, and when it was set",
        response: { 200: envelope(ZExchangeRate) },
      },
    },
    async (request, reply) => sendCacheable(request, reply, { data: await exchangeRates.latest() }, RATE_CACHE_SECONDS),
  );

  await app.register(async (admin) => {
    guardEveryRoute(admin, app.requireAdmin);
    await admin.register(adminExchangeRatesRoutes, { exchangeRates, audit });
  });
};

/** The admins' calls: registered by `exchangeRatesRoutes` behind the admin guard only. */
const adminExchangeRatesRoutes: FastifyPluginAsyncZod<{
  exchangeRates: ExchangeRatesService;
  audit: (adminId: number) => RecordChange;
}> = async (app, { exchangeRates, audit }) => {
  app.get(
    "/admin/exchange-rates",
    {
      schema: {
        tags: ["admin"],
        summary: "The exchange rate's history, newest first, each with the rate it replaced and the admin who set it",
        querystring: ZAdminExchangeRatesQuery,
        response: { 200: envelope(paged(ZAdminExchangeRate)) },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const { rows, total } = await exchangeRates.history({ page, perPage: ADMIN_TABLE_PAGE });
      return { data: toPage(rows, total, page, ADMIN_TABLE_PAGE, "/api/admin/exchange-rates") };
    },
  );

  app.post(
    "/admin/exchange-rates",
    {
      schema: {
        tags: ["admin"],
        summary: "Sets a new US$→L$ rate (a new row of the history), audited",
        body: ZSetExchangeRate,
        response: { 201: envelope(ZAdminExchangeRate) },
      },
    },
    async (request, reply) => {
      const { adminId } = currentAdmin(request);
      const rate = await exchangeRates.setRate(adminId, request.body, audit(adminId));
      return reply.status(201).send({ data: rate, message: EXCHANGE_RATE_MESSAGES.saved });
    },
  );
};
