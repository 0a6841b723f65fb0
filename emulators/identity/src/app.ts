import { createMailer } from '@app/mail';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { IdentityConfig } from './config.ts';
import type { IdentityContext } from './context.ts';
import { registerCors } from './http/cors.ts';
import {
  bodyLimitBytes,
  handleFrameworkError,
  registerErrorHandler,
  registerNotFoundHandler,
} from './http/error-handling.ts';
import { createRateLimiters } from './http/rate-limiter.ts';
import { registerStylesheet } from './http/stylesheet.ts';
import { IssuerUrls } from './issuer-urls.ts';
import { registerAccountPages } from './pages/account-pages.ts';
import { registerHomePage } from './pages/home-page.ts';
import { registerAuthorizeRoutes } from './routes/authorize-routes.ts';
import { registerAvatarRoutes } from './routes/avatar-routes.ts';
import { registerDbConnectionRoutes } from './routes/db-connection-routes.ts';
import { registerDiscoveryRoutes } from './routes/discovery-routes.ts';
import { registerLogoutRoutes } from './routes/logout-routes.ts';
import { registerManagementRoutes } from './routes/management-routes.ts';
import { registerTokenRoutes } from './routes/token-routes.ts';
import { registerUserinfoRoutes } from './routes/userinfo-routes.ts';
import { acquireDataDirectoryLock } from './storage/directory-lock.ts';
import { loadOrCreateSigningKey } from './storage/signing-key.ts';
import { StateFile } from './storage/state-file.ts';
import { pruneTickets } from './users/tickets.ts';

export type IdentityAppOptions = {
  /** Fastify's logger option; defaults to pino at LOG_LEVEL. `false` for quiet tests. */
  logger?: FastifyServerOptions['logger'];
};

// Links in mail carry single-use secrets; they must not end up in logs.
const secretQueryParameters = /([?&](?:ticket|login_ticket|code|access_token|id_token)=)[^&#]*/g;

/** The emulator and the handle that lets startIdentityEmulator point the issuer at the listening port. */
export async function assembleIdentityApp(
  config: IdentityConfig,
  options: IdentityAppOptions = {},
): Promise<{ app: FastifyInstance; context: IdentityContext }> {
  const releaseLock = acquireDataDirectoryLock(config.dataDir);
  let store: StateFile;
  let context: IdentityContext;
  try {
    store = await StateFile.open(config.dataDir);
    pruneTickets(store.state);
    context = {
      config,
      urls: new IssuerUrls(config.issuer, config.audience, config.protocol),
      store,
      key: await loadOrCreateSigningKey(config.dataDir),
      mailer: createMailer(config.mail),
      rateLimits: createRateLimiters(config),
    };
  } catch (error) {
    releaseLock();
    throw error;
  }

  const logger =
    options.logger === false
      ? false
      : {
          level: config.logLevel,
          ...(typeof options.logger === 'object' ? options.logger : {}),
          serializers: {
            req: (request: { method: string; url: string; ip?: string }) => ({
              method: request.method,
              url: request.url.replace(secretQueryParameters, '$1[redacted]'),
              remoteAddress: request.ip,
            }),
          },
        };
  const app = Fastify({
    logger,
    bodyLimit: bodyLimitBytes,
    return503OnClosing: true,
    frameworkErrors: handleFrameworkError,
    // https with EMULATOR_TLS_CERT_FILE and EMULATOR_TLS_KEY_FILE (a production-mode test of the app).
    ...(config.tls ? { https: config.tls } : {}),
  });
  app.addHook('onClose', async () => {
    await store.flush();
    releaseLock();
  });

  try {
    registerErrorHandler(app, context);
    // JSON and forms only: Fastify's text/plain parser would hand a handler a bare string.
    app.removeContentTypeParser('text/plain');
    await app.register(fastifyFormbody, { bodyLimit: bodyLimitBytes });
    await app.register(fastifyCookie);
    await registerCors(app, config.webOrigins);
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      return payload;
    });

    registerStylesheet(app);
    registerHomePage(app, context);
    registerDiscoveryRoutes(app, context);
    registerDbConnectionRoutes(app, context);
    registerTokenRoutes(app, context);
    registerUserinfoRoutes(app, context);
    registerAuthorizeRoutes(app, context);
    registerLogoutRoutes(app, context);
    registerManagementRoutes(app, context);
    registerAccountPages(app, context);
    registerAvatarRoutes(app, context);
    registerNotFoundHandler(app, context);
  } catch (error) {
    // Nothing will close this app: give the directory back now.
    releaseLock();
    throw error;
  }
  return { app, context };
}

/**
 * The emulator as a Fastify instance, for `inject` in tests. It holds the data directory's lock from
 * here on: close it (`app.close()`) to flush the state and release the lock.
 */
export async function buildIdentityApp(config: IdentityConfig, options: IdentityAppOptions = {}) {
  const { app } = await assembleIdentityApp(config, options);
  return app;
}
