import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Mailer } from '@launchkit/mail';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { registerDeleteAccountRoutes } from './account/delete-account-routes.ts';
import { handleAccountDeletionAtProviders } from './account/delete-at-providers.ts';
import { handleDataExportJobs } from './account/export-data.ts';
import { registerDataExportRoutes } from './account/export-routes.ts';
import { registerActivityRoutes } from './activity/activity-routes.ts';
import { registerApiKeyRoutes } from './api-keys/api-key-routes.ts';
import { createApiKeyVerifier } from './api-keys/verify-api-key.ts';
import { createAuthenticate } from './auth/authenticate.ts';
import { registerIdentityConfigRoutes } from './auth/identity-config-routes.ts';
import { createManagementClient } from './auth/management-client.ts';
import { createAccessTokenVerifier } from './auth/verify-access-token.ts';
import { registerBillingRoutes } from './billing/billing-routes.ts';
import { handleCustomerOwnerJobs } from './billing/customer-owner.ts';
import { type PlanCatalogue, resolvePlanPrices } from './billing/resolve-plan-prices.ts';
import { createStripeClient } from './billing/stripe-client.ts';
import { registerWebhookRoutes } from './billing/webhook-routes.ts';
import type { Config } from './config/app-config.ts';
import { trustProxyOption } from './config/trust-proxy.ts';
import { registerContactRoutes } from './contact/contact-routes.ts';
import type { DatabaseHandle } from './db/database.ts';
import { shareListening } from './db/shared-listener.ts';
import { registerOutboxRoutes } from './dev/outbox-routes.ts';
import { registerApiDocumentRoutes } from './http/api-document-routes.ts';
import { contentSecurityPolicy } from './http/content-security-policy.ts';
import {
  answerFrameworkError,
  bodyLimitBytes,
  registerErrorHandler,
  registerNotFoundHandler,
} from './http/error-handling.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticSite } from './http/static-site.ts';
import { serverTimeouts } from './http/timeouts.ts';
import { registerItemRoutes } from './items/item-routes.ts';
import { itemChangesChannel, workspaceAccessChannel } from './items/live-items.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { registerMailPreferenceRoutes } from './mail/mail-preference-routes.ts';
import { handleMailJobs } from './mail/send-mail-job.ts';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes.ts';
import { closeUnusedConnectionsOnClose } from './operations/close-unused-connections.ts';
import { handleDataRetention } from './operations/data-retention.ts';
import { createMetrics, registerMetricsRoutes } from './operations/metrics.ts';
import { limitApiKeys, limitSignedInWrites } from './operations/rate-limit.ts';
import { registerHealthRoutes } from './operations/readiness.ts';
import { openRedis } from './operations/redis.ts';
import { createSessionRecorder } from './sessions/record-session.ts';
import { createSessionEndings, sessionEndingsChannel } from './sessions/session-endings.ts';
import { registerSessionRoutes } from './sessions/session-routes.ts';
import { handleInvitationReminders } from './team/invitation-reminder.ts';
import { registerInvitationRoutes } from './team/invitation-routes.ts';
import { registerMemberRoutes } from './team/member-routes.ts';
import { registerOwnershipTransferRoutes } from './team/ownership-transfer-routes.ts';
import { registerWorkspaceRoutes } from './team/workspace-routes.ts';
import { createSignedInCheck } from './users/signed-in-user.ts';
import { registerUserRoutes } from './users/user-routes.ts';
import { handleWebhookDeliveries } from './webhooks/deliver-webhook.ts';
import { webhookDeliveriesChannel } from './webhooks/queue-deliveries.ts';
import { registerWebhookEndpointRoutes } from './webhooks/webhook-endpoint-routes.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The plans' prices; unset: resolved from the payment provider before any route is registered. */
  plans?: PlanCatalogue;
  /** Called for every route as it is registered (tests compare them with the API contract). */
  onRoute?: (route: RouteOptions) => void;
};

const redisStartWaitMs = 3_000;

export async function buildApp({ config, database, mailer, logger, plans: givenPlans, onRoute }: AppDeps) {
  const stripe = createStripeClient(config.payments);
  // Each plan's price by its lookup key unless STRIPE_PRICE_* names one, read before anything is opened
  // so that a failure leaves nothing behind; the embedded emulator may still be starting beside the app.
  const plans =
    givenPlans ??
    (await resolvePlanPrices(stripe, config.priceOverrides, {
      waitMs: config.mode === 'embedded' ? 30_000 : 0,
    }));
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: bodyLimitBytes,
    return503OnClosing: true,
    ...serverTimeouts(config.limits.requestTimeoutMs),
    frameworkErrors: answerFrameworkError,
    // Every log line of a request carries its id, and so does the answer (X-Request-Id): a balancer's
    // or client's own id is kept when it is a plain token, else one is made.
    requestIdHeader: false, // read in genReqId, which refuses ids that are not plain tokens
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.:-]{1,64}$/.test(given) ? given : randomUUID();
    },
  });

  if (onRoute) app.addHook('onRoute', onRoute);
  registerErrorHandler(app);
  registerRequestContext(app);
  closeUnusedConnectionsOnClose(app);
  // Only JSON bodies are accepted; Fastify's text/plain parser would let a form post through as a string.
  app.removeContentTypeParser('text/plain');
  // docs/product.md §7's API helper sends `Content-Type: application/json` on every call, also a DELETE
  // without a body; such a request carries no body to parse rather than an invalid one.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' && request.method === 'DELETE') return done(null, undefined);
    return parseJson(request, body as string, done);
  });

  const cspOptions = {
    analyticsEnabled: config.analyticsEnabled,
    chatEnabled: config.chatEnabled,
    identityOrigin: config.identity.origin,
  };
  await registerSecurityHeaders(app, {
    contentSecurityPolicy: false, // set per document below, with the hashes of its inline scripts
    // The identity provider's sign-in popup reports back to its opener, which same-origin would cut off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
  });
  const defaultCsp = contentSecurityPolicy(cspOptions);
  // A callback hook, not an async one: it runs on every response, and a promise per reply is wasted work.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('X-Request-Id', request.id);
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !reply.hasHeader('content-security-policy')
    ) {
      reply.header('Content-Security-Policy', defaultCsp);
    }
    // The sign-in popup ends on this page after visiting the provider (no COOP there); a COOP value here
    // would put the popup in a new browsing-context group and cut it off from the page that opened it.
    if (request.url.startsWith('/auth0-callback')) reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    done(null, payload);
  });
  // Pages and built assets are compressed at build time; what is compressed here, per reply, is mostly
  // API JSON. Brotli quality 1 instead of the plugin's 4: a 20-item list is 14 % bigger (695 B against
  // 609 B) and costs a third of the CPU; with `Accept-Encoding: br` as browsers send it, the list went
  // from 2,900 to 3,550 req/s (50 connections, PostgreSQL). Answers up to 128 KiB are compressed in one
  // call, not through a zlib stream: the plugin streams from 8 KiB on a two-core host, which doubled the
  // CPU of an 11 KiB activity page (0.28 to 0.55 ms) and its latency; brotli at quality 1 holds the loop
  // for about 0.3 ms on 68 KiB. Kept lists are compressed once instead (http/kept-answer.ts).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    syncThreshold: 128 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
  });
  // With REDIS_URL every rate limit is one budget across all instances (the library's own Redis store);
  // while Redis is unreachable the limits are skipped rather than every request refused.
  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log) : undefined;
  app.addHook('onClose', async () => redis?.close());
  // Wait for Redis before serving, briefly: requests answered before it connects would skip the
  // shared limits. Redis down at start only delays the start; the limits then hold per instance.
  if (redis && !(await redis.ready(redisStartWaitMs))) {
    app.log.warn('redis: not reachable at start; the shared limits are skipped until it is');
  }
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis && { redis: redis.client, skipOnError: true }),
  });

  const metrics = createMetrics();
  registerMetricsRoutes(app, metrics);
  registerHealthRoutes(app, database);
  const { poolUse } = database;
  if (poolUse) {
    metrics.gauge('app_db_pool_connections', 'PostgreSQL pool connections by state.', poolUse);
  }

  // One listening connection for the instance: live lists (item changes, workspace access) and
  // session endings share it.
  const shared = shareListening(database, [
    itemChangesChannel,
    workspaceAccessChannel,
    sessionEndingsChannel,
    webhookDeliveriesChannel,
  ]);
  app.addHook('onClose', async () => shared.stopListening());
  const { db } = database;
  const sessionEndings = createSessionEndings({ db, listen: shared.listen, log: app.log });
  await sessionEndings.start();
  app.addHook('onClose', async () => sessionEndings.stop());
  // Background work (docs/jobs.md): mail, and whatever must not hold a request up or be lost with it.
  const jobs = createJobQueue({ database, log: app.log, metrics });
  handleMailJobs({ jobs, db, mailer, site: config.site });
  handleInvitationReminders({ jobs, db });
  handleDataRetention({ jobs, db, log: app.log });
  handleDataExportJobs({ jobs, db, stripe, site: config.site });
  // Outbound webhooks (docs/webhooks.md): where deliveries may go depends on the mode (decision 0035).
  const webhookTargets = { mode: config.mode };
  const webhookDeliveries = handleWebhookDeliveries({
    jobs,
    db,
    targets: webhookTargets,
    listen: shared.listen,
    log: app.log,
    retentionDays: config.webhooks.deliveryRetentionDays,
    daySeconds: config.webhooks.testDaySeconds,
  });
  await webhookDeliveries.start();
  app.addHook('onClose', async () => webhookDeliveries.stop());
  registerNewsletterRoutes(app, { db, jobs, siteOrigin: config.site.origin, rateLimit: config.rateLimit });
  registerContactRoutes(app, { db, jobs, inbox: config.contactInbox, rateLimit: config.rateLimit });
  // Every signed-in route verifies the token and then ensures the caller's user record, once.
  const authenticate = createSignedInCheck({
    authenticate: createAuthenticate(createAccessTokenVerifier(config.identity), createApiKeyVerifier(db)),
    db,
    identity: config.identity,
    jobs,
    sessionEndings,
    recordSession: createSessionRecorder(db, app.log),
  });
  limitSignedInWrites(app, authenticate, config.limits.writes);
  limitApiKeys(app, authenticate, config.limits.apiKeys);
  registerIdentityConfigRoutes(app, config.identity);
  const management = createManagementClient(config.identity);
  registerUserRoutes(app, {
    db,
    identity: config.identity,
    plans,
    management,
    authenticate,
  });
  registerMailPreferenceRoutes(app, { db, authenticate, rateLimit: config.rateLimit });
  registerSessionRoutes(app, {
    db,
    identity: config.identity,
    management,
    sessionEndings,
    log: app.log,
    authenticate,
  });
  registerDataExportRoutes(app, { db, jobs, siteName: config.site.name, authenticate });
  handleAccountDeletionAtProviders({ jobs, stripe, management, log: app.log });
  registerDeleteAccountRoutes(app, {
    db,
    identity: config.identity,
    jobs,
    sessionEndings,
    itemsPerUser: config.limits.itemsPerUser,
    authenticate,
  });
  registerItemRoutes(app, {
    database: shared,
    sessionEndings,
    plans,
    limits: config.limits,
    authenticate,
    redis,
    metrics,
    jobs,
  });
  registerMemberRoutes(app, {
    db,
    authenticate,
    jobs,
    siteOrigin: config.site.origin,
    invitationTtlHours: config.invitations.ttlHours,
  });
  registerInvitationRoutes(app, {
    db,
    identity: config.identity,
    management,
    plans,
    authenticate,
    rateLimit: config.rateLimit,
    jobs,
  });
  registerWorkspaceRoutes(app, { db, plans, authenticate, jobs });
  handleCustomerOwnerJobs({ jobs, db, stripe, log: app.log });
  registerOwnershipTransferRoutes(app, {
    db,
    identity: config.identity,
    plans,
    jobs,
    itemsPerUser: config.limits.itemsPerUser,
    authenticate,
  });
  registerActivityRoutes(app, { db, authenticate });
  registerWebhookEndpointRoutes(app, { db, jobs, targets: webhookTargets, authenticate });
  registerApiKeyRoutes(app, { db, authenticate });
  registerBillingRoutes(app, {
    db,
    stripe,
    plans,
    payments: config.payments,
    site: config.site,
    authenticate,
  });
  registerWebhookRoutes(app, {
    db,
    stripe,
    webhookSecret: config.payments.webhookSecret,
    metrics,
    jobs,
    plans,
    site: config.site,
  });
  registerApiDocumentRoutes(app, { mode: config.mode });
  // Development doors exist in embedded mode only; production mode has SMTP and no outbox at all.
  if (config.mode === 'embedded' && config.mail.transport === 'outbox') {
    registerOutboxRoutes(app, {
      outboxDir: config.mail.outboxDir,
      siteOrigins: config.site.origins,
      site: config.site,
    });
  }

  const handleUnknownPage = await registerStaticSite(app, {
    webBuildDir: config.webBuildDir,
    omnioutDir: config.omnioutDir,
    omnioutUrl: config.omnioutUrl,
    csp: cspOptions,
  });
  registerNotFoundHandler(app, handleUnknownPage);

  await jobs.start();
  // Before the database closes: the jobs under way finish, or are left to run again elsewhere.
  app.addHook('onClose', async () => jobs.stop());
  return app;
}
