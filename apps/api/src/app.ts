import type { Mailer } from '@app/mail';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { createAuthenticate } from './auth/authenticate.ts';
import { registerIdentityConfigRoutes } from './auth/identity-config-routes.ts';
import { createManagementClient } from './auth/management-client.ts';
import { createAccessTokenVerifier } from './auth/verify-access-token.ts';
import type { Config } from './config.ts';
import { registerContactRoutes } from './contact/contact-routes.ts';
import type { DatabaseHandle } from './db/database.ts';
import { registerOutboxRoutes } from './dev/outbox-routes.ts';
import { contentSecurityPolicy } from './http/content-security-policy.ts';
import { bodyLimitBytes, registerErrorHandler, registerNotFoundHandler } from './http/error-handling.ts';
import { registerStaticSite } from './http/static-site.ts';
import { registerNewsletterRoutes } from './newsletter/newsletter-routes.ts';
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
  // Only JSON bodies are accepted; Fastify's text/plain parser would let a form post through as a string.
  app.removeContentTypeParser('text/plain');

  const cspOptions = {
    analyticsEnabled: config.analyticsEnabled,
    chatEnabled: config.chatEnabled,
    identityOrigin: config.identity.origin,
  };
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false, // set per document below, with the hashes of its inline scripts
    // The identity provider's sign-in popup reports back to its opener, which same-origin would cut off.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'sameorigin' },
  });
  const defaultCsp = contentSecurityPolicy(cspOptions);
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', defaultCsp);
    }
    // The sign-in popup ends on this page after visiting the provider (no COOP there); a COOP value here
    // would put the popup in a new browsing-context group and cut it off from the page that opened it.
    if (request.url.startsWith('/auth0-callback')) reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    return payload;
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
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
    management: createManagementClient(config.identity),
    authenticate,
  });
  if (config.mail.transport === 'outbox') {
    registerOutboxRoutes(app, { outboxDir: config.mail.outboxDir, isPublic: config.outboxPublic });
  }

  const handleUnknownPage = await registerStaticSite(app, {
    webBuildDir: config.webBuildDir,
    omnioutDir: config.omnioutDir,
    csp: cspOptions,
  });
  registerNotFoundHandler(app, handleUnknownPage);
  return app;
}
