import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { assembleEmulatorApp, type LoggerOption, registerStylesheet } from '@launchkit/emulator-kit';
import { createMailer } from '@launchkit/mail';
import type { FastifyInstance } from 'fastify';
import type { IdentityConfig } from './config.ts';
import { EnterpriseTransactions } from './connections/enterprise-transactions.ts';
import type { IdentityContext } from './context.ts';
import { registerCors } from './http/cors.ts';
import {
  bodyLimitBytes,
  handleFrameworkError,
  registerErrorHandler,
  registerNotFoundHandler,
} from './http/error-handling.ts';
import { createRateLimiters, RateLimiter } from './http/rate-limiter.ts';
import { stylesheet, stylesheetUrl } from './http/stylesheet.ts';
import { IssuerUrls } from './issuer-urls.ts';
import { OutsideOidcProvider } from './outside-idp/oidc-identity-provider.ts';
import { registerAccountPages } from './pages/account-pages.ts';
import { registerHomePage } from './pages/home-page.ts';
import { PasskeyCeremonies } from './passkeys/ceremonies.ts';
import { registerAuthorizeRoutes } from './routes/authorize-routes.ts';
import { registerAvatarRoutes } from './routes/avatar-routes.ts';
import { registerConnectionRoutes } from './routes/connection-routes.ts';
import { registerDbConnectionRoutes } from './routes/db-connection-routes.ts';
import { registerDiscoveryRoutes } from './routes/discovery-routes.ts';
import { registerEnterpriseRoutes } from './routes/enterprise-routes.ts';
import { registerLogoutRoutes } from './routes/logout-routes.ts';
import { registerManagementRoutes } from './routes/management-routes.ts';
import { registerManagementUserRoutes } from './routes/management-user-routes.ts';
import { registerMfaRoutes } from './routes/mfa-routes.ts';
import { registerMyAccountRoutes } from './routes/my-account-routes.ts';
import { registerOrganizationConnectionRoutes } from './routes/organization-connection-routes.ts';
import { registerOrganizationInvitationRoutes } from './routes/organization-invitation-routes.ts';
import { registerOrganizationRoutes } from './routes/organization-routes.ts';
import { registerOutsideIdpRoutes } from './routes/outside-idp-routes.ts';
import { registerPasskeyRoutes } from './routes/passkey-routes.ts';
import { registerTokenRoutes } from './routes/token-routes.ts';
import { registerUserinfoRoutes } from './routes/userinfo-routes.ts';
import { loadOrCreateSamlKeys } from './storage/saml-keys.ts';
import { loadOrCreateSigningKey } from './storage/signing-key.ts';
import { StateFile } from './storage/state-file.ts';
import { pruneTickets } from './users/tickets.ts';

export type IdentityAppOptions = {
  /** Fastify's logger option; defaults to pino at LOG_LEVEL. `false` for quiet tests. */
  logger?: LoggerOption;
};

// Links in mail carry single-use secrets; they must not end up in logs.
const secretQueryParameters = /([?&](?:ticket|login_ticket|code|access_token|id_token)=)[^&#]*/g;

/** The emulator and the handle that lets startIdentityEmulator point the issuer at the listening port. */
export async function assembleIdentityApp(
  config: IdentityConfig,
  options: IdentityAppOptions = {},
): Promise<{ app: FastifyInstance; context: IdentityContext }> {
  return assembleEmulatorApp({
    config,
    logger: options.logger,
    owner: { name: 'identity emulator', dirVariable: 'IDENTITY_DATA_DIR' },
    open: async (): Promise<IdentityContext> => {
      const store = await StateFile.open(config.dataDir);
      pruneTickets(store.state);
      const samlKeys = await loadOrCreateSamlKeys(config.dataDir, 'tenant');
      return {
        config,
        urls: new IssuerUrls(config.issuer, config.audience, config.protocol),
        store,
        key: await loadOrCreateSigningKey(config.dataDir),
        mailer: createMailer(config.mail),
        rateLimits: createRateLimiters(config),
        secondFactorFailures: new RateLimiter(10, 1 / 6),
        passkeyCeremonies: new PasskeyCeremonies(),
        samlKeys,
        enterpriseTransactions: new EnterpriseTransactions(),
        outsideOidc: new OutsideOidcProvider(samlKeys.outsideIdp),
      };
    },
    app: () => ({
      redactUrl: (url) => url.replace(secretQueryParameters, '$1[redacted]'),
      bodyLimit: bodyLimitBytes,
      frameworkErrors: handleFrameworkError,
    }),
    register: async (app, context) => {
      registerErrorHandler(app, context);
      await app.register(fastifyFormbody, { bodyLimit: bodyLimitBytes });
      await app.register(fastifyCookie);
      await registerCors(app, config.webOrigins);

      registerStylesheet(app, stylesheetUrl, stylesheet);
      registerHomePage(app, context);
      registerDiscoveryRoutes(app, context);
      registerDbConnectionRoutes(app, context);
      registerTokenRoutes(app, context);
      registerMfaRoutes(app, context);
      registerPasskeyRoutes(app, context);
      registerMyAccountRoutes(app, context);
      registerUserinfoRoutes(app, context);
      registerAuthorizeRoutes(app, context);
      registerEnterpriseRoutes(app, context);
      registerOutsideIdpRoutes(app, context);
      registerLogoutRoutes(app, context);
      registerManagementRoutes(app, context);
      registerManagementUserRoutes(app, context);
      registerOrganizationRoutes(app, context);
      registerConnectionRoutes(app, context);
      registerOrganizationConnectionRoutes(app, context);
      registerOrganizationInvitationRoutes(app, context);
      registerAccountPages(app, context);
      registerAvatarRoutes(app, context);
      registerNotFoundHandler(app, context);
    },
    close: (context) => context.store.flush(),
  });
}

/**
 * The emulator as a Fastify instance, for `inject` in tests. It holds the data directory's lock from
 * here on: close it (`app.close()`) to flush the state and release the lock.
 */
export async function buildIdentityApp(config: IdentityConfig, options: IdentityAppOptions = {}) {
  const { app } = await assembleIdentityApp(config, options);
  return app;
}
