import fastifyFormbody from '@fastify/formbody';
import { assembleEmulatorApp, type LoggerOption, registerStylesheet } from '@launchkit/emulator-kit';
import type { FastifyInstance } from 'fastify';
import { seedCatalogue } from './billing/catalogue.ts';
import { seedPromotionCodes } from './billing/seed-promotion-codes.ts';
import { sweep } from './billing/sweep.ts';
import type { PaymentsConfig } from './config.ts';
import type { PaymentsContext } from './context.ts';
import { EmulatorUrls } from './emulator-urls.ts';
import { answeredVersion, registerApiVersion } from './http/api-version.ts';
import { registerAuthentication } from './http/authenticate.ts';
import {
  bodyLimitBytes,
  handleFrameworkError,
  isApiPath,
  maxIdLength,
  registerErrorHandler,
  registerNotFoundHandler,
} from './http/error-handling.ts';
import { registerFormBodiesOnly } from './http/form-bodies-only.ts';
import { parseForm } from './http/form-parsing.ts';
import { registerIdempotency } from './http/idempotency.ts';
import { stylesheet, stylesheetUrl } from './http/stylesheet.ts';
import { newId, realNow } from './ids.ts';
import { registerHomePage } from './pages/home-page.ts';
import { registerBillingPortalRoutes } from './routes/billing-portal-routes.ts';
import { registerCatalogueRoutes } from './routes/catalogue-routes.ts';
import { registerCheckoutPageRoutes } from './routes/checkout-page-routes.ts';
import { registerCheckoutSessionRoutes } from './routes/checkout-session-routes.ts';
import { registerCouponRoutes } from './routes/coupon-routes.ts';
import { registerCustomerBalanceRoutes } from './routes/customer-balance-routes.ts';
import { registerCustomerRoutes } from './routes/customer-routes.ts';
import { registerEmulatorRoutes } from './routes/emulator-routes.ts';
import { registerEventRoutes } from './routes/event-routes.ts';
import { registerInvoicePageRoutes } from './routes/invoice-page-routes.ts';
import { registerInvoiceRoutes } from './routes/invoice-routes.ts';
import { registerMeterRoutes } from './routes/meter-routes.ts';
import { registerPaymentMethodRoutes } from './routes/payment-method-routes.ts';
import { registerPortalPageRoutes } from './routes/portal-page-routes.ts';
import { registerSetupIntentRoutes } from './routes/setup-intent-routes.ts';
import { registerStripeJsRoutes } from './routes/stripe-js-routes.ts';
import { registerSubscriptionRoutes } from './routes/subscription-routes.ts';
import { registerTestClockRoutes } from './routes/test-clock-routes.ts';
import { registerWebhookEndpointRoutes } from './routes/webhook-endpoint-routes.ts';
import { migrateState } from './storage/migrate-state.ts';
import { StateFile } from './storage/state-file.ts';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

export type PaymentsAppOptions = {
  /** Fastify's logger option; defaults to pino at LOG_LEVEL. `false` for quiet tests. */
  logger?: LoggerOption;
};

const apiRouteLists = new WeakMap<FastifyInstance, string[]>();

/** `METHOD /v1/path` of every Stripe API route the app serves (the conformance suite covers each). */
export const apiRoutes = (app: FastifyInstance): string[] => [...(apiRouteLists.get(app) ?? [])];

// Hosted page URLs are the only thing standing between a visitor and a checkout or a portal.
const sessionUrls =
  /(\/c\/(?:pay|embed)\/cs_test_[A-Za-z0-9]{6}|\/p\/session\/bps_[A-Za-z0-9]{6})[A-Za-z0-9]*/g;
const sweepIntervalMs = 60_000;

/** The emulator and its context (for startPaymentsEmulator to point the URLs at the listening port). */
export async function assemblePaymentsApp(
  config: PaymentsConfig,
  options: PaymentsAppOptions = {},
): Promise<{ app: FastifyInstance; context: PaymentsContext }> {
  let sweeper: NodeJS.Timeout | undefined;
  const { app, context } = await assembleEmulatorApp({
    config,
    logger: options.logger,
    owner: { name: 'payments emulator', dirVariable: 'PAYMENTS_DATA_DIR' },
    open: () => openPaymentsContext(config),
    app: () => ({
      redactUrl: (url) => url.replace(sessionUrls, '$1…'),
      bodyLimit: bodyLimitBytes,
      frameworkErrors: handleFrameworkError,
      genReqId: () => newId('req'),
      requestIdHeader: false,
      routerOptions: { querystringParser: parseForm, maxParamLength: maxIdLength },
    }),
    register: registerPayments,
    close: async ({ store, webhooks }) => {
      clearInterval(sweeper);
      await webhooks.stop();
      await store.flush();
    },
  });
  sweeper = startSweeping(app, context);
  return { app, context };
}

async function openPaymentsContext(config: PaymentsConfig): Promise<PaymentsContext> {
  const store = await StateFile.open(config.dataDir);
  migrateState(store.state);
  if (config.seedCatalogue) seedCatalogue(store.state, config.catalogue);
  // The development promotion code (LAUNCH20) is there in every account, seeded catalogue or not.
  seedPromotionCodes(store.state, realNow());
  return {
    config,
    urls: new EmulatorUrls(config.port, config.protocol),
    store,
    webhooks: new WebhookDispatcher(config, store),
  };
}

async function registerPayments(app: FastifyInstance, context: PaymentsContext) {
  context.webhooks.useLogger(app.log);
  recordApiRoutes(app);
  registerErrorHandler(app);
  // Forms (Stripe's encoding, parsed with qs), and JSON for the emulator's own routes only: /v1 takes
  // forms alone (form-bodies-only.ts), a bare string body is refused.
  await app.register(fastifyFormbody, { bodyLimit: bodyLimitBytes, parser: parseForm });
  registerAuthentication(app, context.config.secretKey);
  registerFormBodiesOnly(app);
  registerApiVersion(app, context);
  registerIdempotency(app, context);
  registerApiHeaders(app);

  registerStylesheet(app, stylesheetUrl, stylesheet);
  registerHomePage(app, context);
  registerCustomerRoutes(app, context);
  registerCustomerBalanceRoutes(app, context);
  registerPaymentMethodRoutes(app, context);
  registerSetupIntentRoutes(app, context);
  registerCatalogueRoutes(app, context);
  registerCheckoutSessionRoutes(app, context);
  registerCouponRoutes(app, context);
  registerBillingPortalRoutes(app, context);
  registerSubscriptionRoutes(app, context);
  registerInvoiceRoutes(app, context);
  registerMeterRoutes(app, context);
  registerEventRoutes(app, context);
  registerWebhookEndpointRoutes(app, context);
  registerTestClockRoutes(app, context);
  registerEmulatorRoutes(app, context);
  registerCheckoutPageRoutes(app, context);
  registerStripeJsRoutes(app, context);
  registerPortalPageRoutes(app, context);
  registerInvoicePageRoutes(app, context);
  registerNotFoundHandler(app);
}

/** Keeps the list `apiRoutes` answers: every /v1 route as it is registered. */
function recordApiRoutes(app: FastifyInstance) {
  const routes: string[] = [];
  apiRouteLists.set(app, routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
    }
  });
}

/** The headers of every API answer, as Stripe sends them. */
function registerApiHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url)) {
      reply.header('Request-Id', request.id);
      reply.header('Stripe-Version', answeredVersion(request));
      reply.header('Cache-Control', 'no-cache, no-store');
    }
    return payload;
  });
}

/** Runs the sweep now (what fell due while the emulator was stopped happens now) and every minute. */
function startSweeping(app: FastifyInstance, context: PaymentsContext): NodeJS.Timeout {
  const runSweep = () => {
    try {
      if (sweep(context))
        void context.store.save().catch((error) => app.log.error({ err: error }, 'state not saved'));
    } catch (error) {
      app.log.error({ err: error }, 'sweep failed');
    }
  };
  runSweep();
  // Retries that were waiting go on.
  context.webhooks.resume();
  const sweeper = setInterval(runSweep, sweepIntervalMs);
  sweeper.unref();
  return sweeper;
}

/**
 * The emulator as a Fastify instance, for `inject` in tests. It holds the data directory's lock from
 * here on: close it (`app.close()`) to flush the state and release the lock.
 */
export async function buildPaymentsApp(config: PaymentsConfig, options: PaymentsAppOptions = {}) {
  const { app } = await assemblePaymentsApp(config, options);
  return app;
}
