import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import path from "node:path";
import Fastify, { LogController, type FastifyServerOptions } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { createDomainEvents } from "./lib/domain-events.ts";
import type { Jobs } from "./lib/jobs.ts";
import { createMailer } from "./lib/mailer.ts";
import { createTwilioSender } from "./lib/sms.ts";
import { sweepOrphanFiles } from "./lib/orphan-files.ts";
import { BROTLI_REPLY_PARAMS, COMPRESS_FROM_BYTES, REPLY_CODINGS } from "./lib/reply-compression.ts";
import { replySerializerCompiler } from "./lib/reply-serializer.ts";
import { safeLoggerOptions } from "./lib/safe-logging.ts";
import type { Storage } from "./lib/storage.ts";
import { adsRoutes } from "./modules/ads/ads.routes.ts";
import { reactToAnalyticsEvents } from "./modules/analytics/analytics.reactions.ts";
import { reactToChatEvents } from "./modules/chat/chat.reactions.ts";
import { countLedgerDifferences } from "./modules/deals/deal-ledger.ts";
import { dealsAdminRoutes } from "./modules/deals/deals-admin.routes.ts";
import { reactToDealsEvents } from "./modules/deals/deals.reactions.ts";
import { dealsRoutes } from "./modules/deals/deals.routes.ts";
import { createDealsService } from "./modules/deals/deals.service.ts";
import { analyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { createAnalyticsService, type AnalyticsOptions } from "./modules/analytics/analytics.service.ts";
import { createAdsService } from "./modules/ads/ads.service.ts";
import { catalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { chatRoutes } from "./modules/chat/chat.routes.ts";
import { createChatService } from "./modules/chat/chat.service.ts";
import { reactToNotificationsEvents } from "./modules/notifications/notifications.reactions.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { createNotificationsService } from "./modules/notifications/notifications.service.ts";
import { adImageFileOwner } from "./modules/selling/ad-image-files.ts";
import { userImageFileOwners } from "./modules/users/user-image-files.ts";
import { handleChatSockets } from "./modules/chat/chat.socket.ts";
import { createAttributesService } from "./modules/catalog/attributes.service.ts";
import { createCatalogService } from "./modules/catalog/catalog.service.ts";
import { exchangeRatesRoutes } from "./modules/exchange-rates/exchange-rates.routes.ts";
import { createExchangeRatesService } from "./modules/exchange-rates/exchange-rates.service.ts";
import { createCategoryTreeService } from "./modules/catalog/category-tree.service.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { createHealthService } from "./modules/health/health.service.ts";
import { metricsRoutes } from "./modules/metrics/metrics.routes.ts";
import { createMetrics } from "./modules/metrics/metrics.service.ts";
import { adminSessionRoutes, adminSignInRoutes } from "./modules/admin-auth/admin-auth.routes.ts";
import { adminAccountsRoutes } from "./modules/admin/admin-admins.routes.ts";
import { createAdminAccountsService } from "./modules/admin/admin-admins.service.ts";
import { adminAuditLogRoutes } from "./modules/admin/admin-audit-log.routes.ts";
import { auditedBy } from "./modules/admin/admin-audit.ts";
import { adminAdsRoutes } from "./modules/admin/admin-ads.routes.ts";
import { adminScreeningRulesRoutes } from "./modules/admin/admin-screening-rules.routes.ts";
import { createAdScreening } from "./modules/ad-screening/ad-screening.service.ts";
import { createAdminAdsService } from "./modules/admin/admin-ads.service.ts";
import { adminUsersRoutes } from "./modules/admin/admin-users.routes.ts";
import { createAdminUsersService } from "./modules/admin/admin-users.service.ts";
import { adminReportsRoutes } from "./modules/admin/admin-reports.routes.ts";
import { adminReviewsRoutes } from "./modules/admin/admin-reviews.routes.ts";
import { createAdminReviewsService } from "./modules/admin/admin-reviews.service.ts";
import { adminCatalogRoutes } from "./modules/admin/admin-catalog.routes.ts";
import { adminDashboardRoutes } from "./modules/admin/admin-dashboard.routes.ts";
import { createAdminDashboardService } from "./modules/admin/admin-dashboard.service.ts";
import { adminExportRoutes } from "./modules/admin/admin-export.routes.ts";
import { createAdminExportService } from "./modules/admin/admin-export.service.ts";
import { reactToModerationQueueEvents } from "./modules/admin/admin-moderation-queue.reactions.ts";
import { adminModerationQueueRoutes } from "./modules/admin/admin-moderation-queue.routes.ts";
import { createModerationQueueService } from "./modules/admin/admin-moderation-queue.service.ts";
import { reactToAuthEvents } from "./modules/auth/auth.reactions.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { phoneAuthRoutes } from "./modules/phone-auth/phone-auth.routes.ts";
import { createPhoneAuthService } from "./modules/phone-auth/phone-auth.service.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { createSocialProviders } from "./modules/auth/social/providers.ts";
import { createSocialSignIn } from "./modules/auth/social/social-sign-in.ts";
import { createTokenService } from "./modules/auth/tokens.ts";
import { reactToPasswordResetEvents } from "./modules/password-reset/password-reset.reactions.ts";
import { passwordResetRoutes } from "./modules/password-reset/password-reset.routes.ts";
import { createPasswordResetService } from "./modules/password-reset/password-reset.service.ts";
import { reactToPaymentsEvents } from "./modules/payments/payments.reactions.ts";
import { paymentsRoutes } from "./modules/payments/payments.routes.ts";
import { createPaymentsService } from "./modules/payments/payments.service.ts";
import { mtnMomoClient, mtnMomoPayoutClient } from "./modules/payments/providers/mtn-momo.ts";
import { orangeMoneyClient, orangeMoneyPayoutClient } from "./modules/payments/providers/orange-money.ts";
import { createPayouts } from "./modules/payouts/payouts.ts";
import { createReportModerationService } from "./modules/reports/report-moderation.service.ts";
import { reportsRoutes } from "./modules/reports/reports.routes.ts";
import { createReportsService } from "./modules/reports/reports.service.ts";
import { reactToReviewsEvents } from "./modules/reviews/reviews.reactions.ts";
import { reviewsRoutes } from "./modules/reviews/reviews.routes.ts";
import { createReviewsService } from "./modules/reviews/reviews.service.ts";
import { createAdLifecycle } from "./modules/selling/ad-lifecycle.service.ts";
import { reactToSellingEvents, scheduleAdLifecycleJobs } from "./modules/selling/selling.reactions.ts";
import { sellingRoutes } from "./modules/selling/selling.routes.ts";
import { createSellingService } from "./modules/selling/selling.service.ts";
import { reactToSavedAdsEvents } from "./modules/saved-ads/saved-ads.reactions.ts";
import { savedAdsRoutes } from "./modules/saved-ads/saved-ads.routes.ts";
import { createIdempotentWrites } from "./modules/idempotency/idempotent-writes.ts";
import { createSavedSearchAlerts } from "./modules/saved-searches/saved-search-alerts.ts";
import { createSavedSearchMatcher } from "./modules/saved-searches/saved-search-matching.ts";
import { reactToSavedSearchesEvents } from "./modules/saved-searches/saved-searches.reactions.ts";
import { savedSearchesRoutes } from "./modules/saved-searches/saved-searches.routes.ts";
import { createSavedSearchesService } from "./modules/saved-searches/saved-searches.service.ts";
import { createUnsubscribeTokens } from "./modules/saved-searches/unsubscribe-token.ts";
import { createSavedAdsService } from "./modules/saved-ads/saved-ads.service.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";
import { phoneRevealRoutes } from "./modules/users/phone-reveal.routes.ts";
import { phoneRevealsRoutes } from "./modules/phone-reveals/phone-reveals.routes.ts";
import { createPhoneRevealsService } from "./modules/phone-reveals/phone-reveals.service.ts";
import { reactToTrustEvents } from "./modules/trust/trust.reactions.ts";
import { createTrustService } from "./modules/trust/trust.service.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { authPlugin, guardEveryRoute } from "./plugins/auth.ts";
import { errorsPlugin, sendApiNotFound } from "./plugins/errors.ts";
import { httpCachePlugin } from "./plugins/http-cache.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { realtimePlugin } from "./plugins/realtime.ts";
import { redisPlugin } from "./plugins/redis.ts";
import { requestBodyPlugin } from "./plugins/request-body.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { scheduleWebAssetPruning } from "./plugins/web-asset-archive.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  storage: Storage;
  /**
   * The job queue (docs/decisions/036-job-queue.md): modules declare their workers and schedules on it as they get
   * `storage`; whoever built the app starts it after and stops it before closing the database.
   */
  jobs: Jobs;
  logger?: FastifyServerOptions["logger"];
  /** How ad views and clicks are written (decision 044); benchmarks compare the settings. */
  analytics?: AnalyticsOptions;
  /** The clock of safe deals' handovers and auto-release (issue 33): tests move it. */
  clock?: () => Date;
}

/** Builds the API without listening: the server adds the web app and sockets, tests use inject(). */
export async function buildApp({
  config,
  db,
  storage,
  jobs,
  logger = false,
  analytics: analyticsOptions,
  clock,
}: AppDeps) {
  const app = Fastify({
    // Secrets, tokens, codes and phone numbers never reach the log (decision 092).
    logger: safeLoggerOptions(logger),
    // Per-request lines at info cost throughput: LOG_REQUESTS turns them on or off; failures are logged either way.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Forwarded headers are believed only from configured proxies: anyone can send X-Forwarded-For.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, {
    production: config.production,
    social: config.social,
    mediaBaseUrl: config.mediaBaseUrl,
  });
  // Every byte counts on mobile data: pages, JSON and scripts go out compressed (images are WebP already).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: [...REPLY_CODINGS],
    brotliOptions: { params: BROTLI_REPLY_PARAMS },
  });
  await app.register(requestBodyPlugin);
  await app.register(httpCachePlugin);
  await app.register(openapiPlugin, { serveDocs: config.apiDocs });
  const tokens = createTokenService(db, config.tokenSecret);
  await app.register(authPlugin, { db, tokens });
  await app.register(redisPlugin, { redisUrl: config.redisUrl });
  await app.register(rateLimitPlugin);
  await app.register(realtimePlugin);

  // Modules react to each other's events instead of writing each other's tables (docs/architecture.md).
  const events = createDomainEvents(app.log);
  reactToAuthEvents(events, tokens, app.realtime);
  reactToPasswordResetEvents(events);
  reactToReviewsEvents(events);
  reactToSavedAdsEvents(events, { mediaBaseUrl: config.mediaBaseUrl });
  reactToSellingEvents(events, storage);

  // Prometheus series at /metrics behind METRICS_TOKEN (issue 32, decision 092); the modules below add their sources.
  const metrics = config.metricsToken
    ? createMetrics({ db, jobs, events, openSockets: () => app.realtime.io.of("/").sockets.size, log: app.log })
    : undefined;
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  // The server marks it draining on SIGTERM, before it stops accepting (decision 092).
  const health = createHealthService(db, jobs, app.log);
  app.decorate("health", health);

  // Stored images have generated, never reused names, so they can be cached for a year. With S3 the bucket (or a
  // CDN in front of it) serves them instead (docs/decisions/035-object-storage.md).
  if (!config.s3) {
    await app.register(fastifyStatic, {
      root: config.mediaDir,
      prefix: "/media/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
    });
  }

  // Files a crash left without a row: swept every hour and once at start (docs/decisions/041-orphan-files.md).
  const fileOwners = [adImageFileOwner(db), ...userImageFileOwners(db)];
  jobs.work(
    "storage.sweep-orphans",
    async () => {
      const { checked, removed } = await sweepOrphanFiles(
        storage,
        fileOwners,
        new Date(Date.now() - config.orphanFileGraceMs),
      );
      if (removed.length) app.log.info({ checked, removed: removed.length }, "removed orphan files");
    },
    // Not "singleton": a sweep cut off by a crash stays active in the queue until it expires (15 minutes), and
    // would hold back the sweep at the next start, which is the one that matters. Two sweeps at once are harmless:
    // removing a file twice is a no-op.
    { policy: "standard" },
  );
  jobs.schedule("storage.sweep-orphans", "17 * * * *", {});
  // Web assets of past releases, archived by each process at start, removed a week after (decision 099).
  scheduleWebAssetPruning(jobs, storage, app.log);

  const { mediaBaseUrl } = config;
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { health });
      await api.register(catalogRoutes, { catalog: createCatalogService(db, mediaBaseUrl) });
      const saved = createSavedAdsService(db, mediaBaseUrl, events);
      // Writes the web may queue offline and send again (decision 104): a repeated key is answered, not redone.
      const idempotent = createIdempotentWrites(db);
      const ads = createAdsService(db, mediaBaseUrl, saved);
      await api.register(adsRoutes, { ads });
      metrics?.readCaches("ads", ads.cacheStats);
      // The checks at posting time (issue 28): selling asks them, the admin area edits their rules.
      const screening = createAdScreening({ db, priceGuide: ads.priceGuide });
      const lifecycle = createAdLifecycle({
        db,
        storage,
        events,
        mediaBaseUrl,
        publicUrl: config.publicUrl,
        screening,
      });
      scheduleAdLifecycleJobs(jobs, lifecycle);
      await api.register(sellingRoutes, {
        selling: createSellingService({ db, storage, events, mediaBaseUrl, screening }),
        ads,
        lifecycle,
        idempotent,
      });
      await api.register(savedAdsRoutes, { saved, idempotent });
      const analytics = createAnalyticsService({ db, secret: config.tokenSecret, log: app.log, ...analyticsOptions });
      reactToAnalyticsEvents(events, jobs, analytics);
      const gate = analyticsOptions?.ingestionGate ?? (config.analyticsShedding ? "event-loop" : "off");
      await api.register(analyticsRoutes, { analytics, gate });
      const reviews = createReviewsService({ db, events, mediaBaseUrl });
      await api.register(reviewsRoutes, { reviews });
      const mailer = createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, "outbox"),
        log: app.log,
      });
      const notifications = createNotificationsService({
        db,
        realtime: app.realtime,
        mailer,
        webPush: config.webPush,
        pushCaFile: config.webPushCaFile,
        pushEndpoints: config.pushEndpoints,
        publicUrl: config.publicUrl,
        // Expiry reminders text a seller's verified phone (issue 28), with the sender phone sign-in uses.
        sms: config.sms.twilio && createTwilioSender(config.sms.twilio),
        log: app.log,
      });
      reactToNotificationsEvents(events, jobs, notifications, {
        emailDelaySeconds: config.chatEmailDelaySeconds,
        quietHours: config.quietHours,
      });
      await api.register(notificationsRoutes, { notifications });
      // Saved searches (issue 29, decision 080): new ads matched as jobs, alerts through the notification centre.
      const unsubscribeTokens = createUnsubscribeTokens(config.tokenSecret);
      const alerts = createSavedSearchAlerts({ db, mediaBaseUrl, publicUrl: config.publicUrl, unsubscribeTokens });
      const collapseSeconds = config.savedSearchCollapseSeconds;
      const matcher = createSavedSearchMatcher({ db, jobs, hooks: alerts, collapseSeconds });
      reactToSavedSearchesEvents({ db, events, jobs, matcher, alerts, collapseSeconds });
      await api.register(savedSearchesRoutes, { savedSearches: createSavedSearchesService({ db, unsubscribeTokens }) });
      const chat = createChatService({ db, events, realtime: app.realtime, redis: app.redis, mediaBaseUrl });
      handleChatSockets(app.realtime, chat, app.log);
      reactToChatEvents(events, app.realtime);
      await api.register(chatRoutes, { chat });
      await api.register(reportsRoutes, { reports: createReportsService({ db, events }) });
      const payments = createPaymentsService({
        db,
        events,
        jobs,
        providers: {
          mtn_momo: config.momo && mtnMomoClient(config.momo),
          orange_money: config.orange && orangeMoneyClient(config.orange),
        },
        log: app.log,
      });
      reactToPaymentsEvents({ db, jobs, payments, mailer, publicUrl: config.publicUrl });
      metrics?.readPayments(payments.countsByState);
      await api.register(paymentsRoutes, { payments });
      // Money out (decision 100): a seller paid, a buyer refunded, each exactly once, through the same accounts.
      const payouts = createPayouts({
        db,
        events,
        jobs,
        providers: {
          mtn_momo: config.momoDisbursement && mtnMomoPayoutClient(config.momoDisbursement),
          orange_money: config.orange && config.orangePayouts ? orangeMoneyPayoutClient(config.orange) : null,
        },
        log: app.log,
      });
      metrics?.readPayouts(payouts.countsByState);
      // Safe deals (issue 33, decision 103): buyers' money collected and paid out through the two above.
      const deals = createDealsService({
        db,
        events,
        collections: payments.dealCollections,
        payouts,
        mediaBaseUrl,
        enabled: config.safeDeals,
        now: clock,
        log: app.log,
      });
      reactToDealsEvents(events, jobs, deals);
      metrics?.readDealLedgerDifferences(() => countLedgerDifferences(db));
      await api.register(dealsRoutes, { deals });
      await api.register(usersRoutes, { users: createUsersService({ db, storage, tokens, events, mediaBaseUrl }) });
      // Seller trust (issue 27): response figures kept by chat events, the seller's reveal choice, phone reveals.
      reactToTrustEvents(events, jobs, createTrustService(db, events));
      await api.register(phoneRevealRoutes, { db, mediaBaseUrl });
      await api.register(phoneRevealsRoutes, { reveals: createPhoneRevealsService({ db, events }) });
      const providers = createSocialProviders(config.social, app.log);
      const auth = createAuthService({ db, storage, tokens, mediaBaseUrl });
      await api.register(authRoutes, { auth, social: createSocialSignIn({ db, storage, providers }) });
      await api.register(phoneAuthRoutes, {
        phoneAuth: createPhoneAuthService({
          db,
          events,
          sms: config.sms.twilio && createTwilioSender(config.sms.twilio),
          secret: config.tokenSecret,
          countryCodes: config.sms.countryCodes,
          caps: config.sms.caps,
          siteHost: new URL(config.publicUrl).host,
          signedIn: auth.signedIn,
          mediaBaseUrl,
          log: app.log,
        }),
      });
      await api.register(exchangeRatesRoutes, {
        exchangeRates: createExchangeRatesService({ db, events }),
        audit: auditedBy,
      });
      await api.register(adminSignInRoutes, {
        db,
        mediaBaseUrl,
        totpRequired: config.adminTotpRequired,
        audit: auditedBy,
      });
      // Every admin route but sign-in registers here, behind the admin guard (spec second document §7 "Admin").
      await api.register(async (admin) => {
        guardEveryRoute(admin, app.requireAdmin);
        await admin.register(adminSessionRoutes, { db, mediaBaseUrl });
        await admin.register(adminAdsRoutes, { ads: createAdminAdsService({ db, ads, mediaBaseUrl }) });
        const adminUsers = createAdminUsersService({ db, events, tokens, mediaBaseUrl });
        await admin.register(adminUsersRoutes, { users: adminUsers });
        await admin.register(adminReportsRoutes, { reports: createReportModerationService(db) });
        await admin.register(adminReviewsRoutes, {
          reviews: createAdminReviewsService(db, reviews),
        });
        await admin.register(adminAuditLogRoutes, { db });
        await admin.register(adminAccountsRoutes, {
          accounts: createAdminAccountsService({ db, tokens, mediaBaseUrl }),
        });
        await admin.register(adminCatalogRoutes, {
          tree: createCategoryTreeService({ db, storage, mediaBaseUrl }),
          attributes: createAttributesService(db),
        });
        await admin.register(adminDashboardRoutes, { dashboard: createAdminDashboardService(db, mediaBaseUrl) });
        reactToModerationQueueEvents(events);
        await admin.register(adminModerationQueueRoutes, {
          queue: createModerationQueueService({ db, mediaBaseUrl }),
        });
        await admin.register(adminScreeningRulesRoutes, { screening });
        await admin.register(adminExportRoutes, { exports: createAdminExportService(db) });
        await admin.register(dealsAdminRoutes, { deals, audit: auditedBy });
      });

      await api.register(passwordResetRoutes, {
        passwordReset: createPasswordResetService({ db, tokens, mailer, secret: config.tokenSecret, log: app.log }),
      });
      api.setNotFoundHandler(sendApiNotFound);
    },
    { prefix: "/api" },
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
