import zlib from 'node:zlib';
import type { Mailer } from '@app/mail';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createAuthenticate } from './auth/authenticate.ts';
import { registerIdentityConfigRoutes } from './auth/identity-config-routes.ts';
import { createManagementClient } from './auth/management-client.ts';
import { createAccessTokenVerifier } from './auth/verify-access-token.ts';
import { registerBillingRoutes } from './billing/billing-routes.ts';
import { createStripeClient } from './billing/stripe-client.ts';
import { registerWebhookRoutes } from './billing/webhook-routes.ts';
import type { Config } from './config.ts';
import { registerContactRoutes } from './contact/contact-routes.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerOutboxRoutes } from './dev/outbox-routes.ts';
import { closeUnusedConnectionsOnClose } from './http/close-unused-connections.ts';
import { contentSecurityPolicy } from './http/content-security-policy.ts';
import { bodyLimitBytes, registerErrorHandler, registerNotFoundHandler } from './http/error-handling.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerStaticSite } from './http/static-site.ts';
import { registerItemRoutes } from './items/item-routes.ts';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes.ts';
import { registerSubUserRoutes } from './sub-users/sub-user-routes.ts';
import { registerUserRoutes } from './users/user-routes.ts';

export type AppDeps = {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger?: FastifyServerOptions['logger'];
};

export async function buildApp({ config, database, mailer, logger }: AppDeps) {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: bodyLimitBytes,
    return503OnClosing: true,
  });

  registerErrorHandler(app);
  closeUnusedConnectionsOnClose(app);
  // Only JSON bodies are accepted; Fastify's text/plain parser would let a form post through as a string.
  app.removeContentTypeParser('text/plain');
  // §7's API helper sends `Content-Type: application/json` on every call, also a DELETE without a
  // body; such a request carries no body to parse rather than an invalid one.
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
  // from 2,900 to 3,550 req/s (50 connections, PostgreSQL).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
  });
  await app.register(fastifyRateLimit, { global: false });

  app.get('/healthz', async (_request, reply) => {
    try {
      await database.db.execute(sql`select 1`);
      return { status: 'ok', database: database.kind };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.status(503).send({ status: 'unavailable', database: database.kind });
    }
  });

  const { db } = database;
  registerNewsletterRoutes(app, { db, rateLimit: config.rateLimit });
  registerContactRoutes(app, { db, mailer, inbox: config.contactInbox, rateLimit: config.rateLimit });
  const authenticate = createAuthenticate(createAccessTokenVerifier(config.identity));
  registerIdentityConfigRoutes(app, config.identity);
  registerUserRoutes(app, {
    db,
    identity: config.identity,
    plans: config.plans,
    management: createManagementClient(config.identity),
    authenticate,
  });
  registerItemRoutes(app, { database, identity: config.identity, plans: config.plans, authenticate });
  registerSubUserRoutes(app, { db, identity: config.identity, authenticate });
  const stripe = createStripeClient(config.payments);
  registerBillingRoutes(app, {
    db,
    stripe,
    identity: config.identity,
    plans: config.plans,
    payments: config.payments,
    authenticate,
  });
  registerWebhookRoutes(app, { db, stripe, webhookSecret: config.payments.webhookSecret });
  if (config.mail.transport === 'outbox') {
    registerOutboxRoutes(app, { outboxDir: config.mail.outboxDir, isPublic: config.outboxPublic });
  }

  const handleUnknownPage = await registerStaticSite(app, {
    webBuildDir: config.webBuildDir,
    omnioutDir: config.omnioutDir,
    omnioutUrl: config.omnioutUrl,
    csp: cspOptions,
  });
  registerNotFoundHandler(app, handleUnknownPage);
  return app;
}
