import { randomUUID } from 'node:crypto';
import type { Mailer } from '@launchkit/mail';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type Stripe from 'stripe';
import { workspaceAccessChannel } from './access/access-changes.ts';
import { createWorkspaceLimits, registerWorkspaceLimits } from './access/workspace-limits.ts';
import { registerAccount } from './account/register-account.ts';
import { registerActivityRoutes } from './activity/activity-routes.ts';
import { registerApiKeyRoutes } from './api-keys/api-key-routes.ts';
import { registerIdentityConfigRoutes } from './auth/identity-config-routes.ts';
import { createManagementClient } from './auth/management-client.ts';
import { registerBilling } from './billing/register-billing.ts';
import { createStripeClient } from './billing/stripe-client.ts';
import { createAuthenticate } from './caller/authenticate.ts';
import { createAccessTokenVerifier } from './caller/verify-access-token.ts';
import { createApiKeyVerifier } from './caller/verify-api-key.ts';
import type { Config } from './config/app-config.ts';
import { trustProxyOption } from './config/trust-proxy.ts';
import { registerContactRoutes } from './contact/contact-routes.ts';
import type { DatabaseHandle } from './db/database.ts';
import { shareListening } from './db/shared-listener.ts';
import { registerOutboxRoutes } from './dev/outbox-routes.ts';
import { activityChangesChannel } from './events/activity-announcements.ts';
import { webhookDeliveriesChannel } from './events/delivery-announcements.ts';
import { registerApiDocumentRoutes } from './http/api-document-routes.ts';
import { answerFrameworkError, bodyLimitBytes, registerNotFoundHandler } from './http/error-handling.ts';
import { cspOptionsOf, registerHttp } from './http/register-http.ts';
import { registerStaticSite } from './http/static-site.ts';
import { serverTimeouts } from './http/timeouts.ts';
import { registerItemRoutes } from './items/item-routes.ts';
import { itemChangesChannel } from './items/live-items.ts';
import { handleDataRetention } from './jobs/data-retention.ts';
import { jobOutboxChannel } from './jobs/job-outbox.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { registerMail } from './mail/register-mail.ts';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes.ts';
import { limitApiKeys, limitSignedInWrites } from './operations/rate-limit.ts';
import { registerOperations } from './operations/register-operations.ts';
import { registerOperators } from './operators/operator-routes.ts';
import { type PlanCatalogue, resolvePlanPrices } from './plans/resolve-plan-prices.ts';
import { registerScimRoutes } from './scim/scim-routes.ts';
import { registerScimTokenRoutes } from './scim/scim-token-routes.ts';
import { createSessionRecorder } from './sessions/record-session.ts';
import { createSessionEndings, sessionEndingsChannel } from './sessions/session-endings.ts';
import { registerSessionRoutes } from './sessions/session-routes.ts';
import { registerSsoRoutes } from './sso/sso-routes.ts';
import { registerTeam } from './team/register-team.ts';
import { traceFields } from './tracing/trace-context.ts';
import { registerUsage } from './usage/register-usage.ts';
import { createSignedInCheck } from './users/signed-in-user.ts';
import { registerUserRoutes } from './users/user-routes.ts';
import { registerWebhooks } from './webhooks/register-webhooks.ts';

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

/**
 * The app: the HTTP plumbing, then the kernel every domain stands on (openKernel), then each domain's
 * routes, jobs and listeners (registerDomains), then the static site for whatever no route answers.
 */
export async function buildApp({ config, database, mailer, logger, plans: givenPlans, onRoute }: AppDeps) {
  const stripe = createStripeClient(config.payments);
  // Each plan's price by its lookup key unless STRIPE_PRICE_* names one, read before anything is opened
  // so that a failure leaves nothing behind; the embedded emulator may still be starting beside the app.
  const plans =
    givenPlans ??
    (await resolvePlanPrices(stripe, config.priceOverrides, {
      waitMs: config.mode === 'embedded' ? 30_000 : 0,
    }));
  const app = createServer(config, logger);
  if (onRoute) app.addHook('onRoute', onRoute);
  await registerHttp(app, config);
  const kernel = await openKernel(app, { config, database, mailer, stripe, plans });
  await registerDomains(app, kernel);
  const handleUnknownPage = await registerStaticSite(app, {
    webBuildDir: config.webBuildDir,
    omnioutDir: config.omnioutDir,
    omnioutUrl: config.omnioutUrl,
    csp: cspOptionsOf(config),
  });
  registerNotFoundHandler(app, handleUnknownPage);
  await kernel.jobs.start();
  // Before the database closes: the jobs under way finish, or are left to run again elsewhere.
  app.addHook('onClose', async () => kernel.jobs.stop());
  return app;
}

function createServer(config: Config, logger: AppDeps['logger']) {
  return Fastify({
    // With tracing on, every line logged inside a request or a job names its trace and span.
    logger: logger ?? { level: config.logLevel, ...(config.isTracing && { mixin: traceFields }) },
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
}

type KernelDeps = Pick<AppDeps, 'config' | 'database' | 'mailer'> & { stripe: Stripe; plans: PlanCatalogue };
type Kernel = Awaited<ReturnType<typeof openKernel>>;

/**
 * What every domain stands on, opened once per app: operations (limits, metrics, health), the one
 * listening connection, session endings, the job queue (docs/jobs.md), the provider clients, and the
 * signed-in check with the limits it carries. Each domain's registrar takes what it needs of it.
 */
async function openKernel(app: FastifyInstance, { config, database, mailer, stripe, plans }: KernelDeps) {
  const { metrics, redis } = await registerOperations(app, { config, database });
  // Each workspace's plan limits (docs/limits.md), shared through Redis as the other limits are.
  const workspaceLimits = createWorkspaceLimits({ plans, redis: redis?.client });
  registerWorkspaceLimits(app, workspaceLimits);
  // One listening connection for the instance: live lists (item changes, new activity entries, workspace
  // access), session endings, webhook delivery and job outbox announcements share it.
  const listening = shareListening(database, [
    itemChangesChannel,
    activityChangesChannel,
    workspaceAccessChannel,
    sessionEndingsChannel,
    webhookDeliveriesChannel,
    jobOutboxChannel,
  ]);
  app.addHook('onClose', async () => listening.stopListening());
  const { db } = database;
  const sessionEndings = createSessionEndings({ db, listen: listening.listen, log: app.log });
  await sessionEndings.start();
  app.addHook('onClose', async () => sessionEndings.stop());
  // Background work (docs/jobs.md): mail, and whatever must not hold a request up or be lost with it.
  const jobs = createJobQueue({ database: listening, log: app.log, metrics });
  // Every signed-in route verifies the token and then ensures the caller's user record, once.
  const verifyAccessToken = createAccessTokenVerifier(config.identity);
  const authenticate = createSignedInCheck({
    authenticate: createAuthenticate(verifyAccessToken, createApiKeyVerifier(db)),
    db,
    identity: config.identity,
    jobs,
    sessionEndings,
    recordSession: createSessionRecorder(db, app.log),
  });
  // Before any route is declared: both add their check to the signed-in routes as they are.
  limitSignedInWrites(app, authenticate, config.limits.writes);
  limitApiKeys(app, authenticate, workspaceLimits);
  const management = createManagementClient(config.identity);
  return {
    config,
    services: { database: listening, db, listen: listening.listen, mailer, stripe, plans, metrics, redis },
    jobs,
    sessionEndings,
    management,
    authenticate,
    verifyAccessToken,
  };
}

/**
 * Each domain's routes, jobs and listeners. `config` is handed to the domains' registrars alone: a route
 * file passes its deps to route(), whose `config` option is the route's own.
 */
async function registerDomains(app: FastifyInstance, { config, services, ...kernel }: Kernel) {
  const deps = { ...services, ...kernel };
  const log = app.log;
  handleDataRetention({ jobs: kernel.jobs, db: services.db, plans: services.plans, log });
  registerMail(app, { config, ...deps });
  await registerWebhooks(app, { config, ...deps });
  registerNewsletterRoutes(app, { ...deps, siteOrigin: config.site.origin, rateLimit: config.rateLimit });
  registerContactRoutes(app, { ...deps, inbox: config.contactInbox, rateLimit: config.rateLimit });
  registerIdentityConfigRoutes(app, config.identity);
  registerUserRoutes(app, { ...deps, identity: config.identity, log });
  registerSessionRoutes(app, { ...deps, identity: config.identity, log });
  registerAccount(app, { config, ...deps });
  // Usage billing counts items created: its recorder runs in each create's transaction.
  const usage = registerUsage(app, { config, ...deps });
  registerItemRoutes(app, { ...deps, limits: config.limits, usage });
  registerTeam(app, { config, ...deps });
  registerActivityRoutes(app, deps);
  registerApiKeyRoutes(app, deps);
  // SCIM provisioning (docs/scim.md): the owner's tokens in the product's API, the protocol at /scim/v2.
  registerScimTokenRoutes(app, deps);
  await registerScimRoutes(app, {
    ...deps,
    siteOrigin: config.site.origin,
    invitationTtlHours: config.invitations.ttlHours,
    scimRequestsPerMinute: config.limits.scimRequestsPerMinute,
  });
  registerBilling(app, { config, ...deps });
  // The back office (docs/operations.md): operators only, every view and action audited first.
  registerOperators(app, { config, ...deps });
  registerSsoRoutes(app, { config, ...deps });
  registerApiDocumentRoutes(app, { mode: config.mode });
  // Development doors exist in embedded mode only; production mode has SMTP and no outbox at all.
  if (config.mode === 'embedded' && config.mail.transport === 'outbox') {
    registerOutboxRoutes(app, {
      outboxDir: config.mail.outboxDir,
      siteOrigins: config.site.origins,
      site: config.site,
    });
  }
}
