import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError, field, parseEnvironment, variables } from '@launchkit/env';
import { passwordPolicyNames } from '@launchkit/password-policy';
import { offerOf, type PlanId, planIds, readTrialDays } from '@launchkit/plans';
import { z } from 'zod';
import { checkoutConfig } from './checkout-config.ts';
import { developmentDefaults, productionProblems } from './production-settings.ts';
import { trustProxySetting } from './trust-proxy.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

// The defaults are @launchkit/env's table of variables (what each means, which production needs).
const environmentSchema = z.object({
  NODE_ENV: field.runMode,
  // A production-mode deployment that is not live: test-mode payment keys and local hosts accepted.
  STAGING: field.flag(variables.STAGING.default),
  PORT: field.port(variables.PORT.default),
  // Embedded mode serves this machine only; production listens on every interface (a container).
  HOST: field.optionalText,
  LOG_LEVEL: field.logLevel,
  DATA_DIR: field.textWithDefault(variables.DATA_DIR.default),
  DATABASE_URL: field.optionalText,
  // PostgreSQL itself when DATABASE_URL is a pooler in transaction mode (docs/deploy.md, Connection poolers).
  DATABASE_DIRECT_URL: field.optionalText,
  WEB_BUILD_DIR: field.textWithDefault(variables.WEB_BUILD_DIR.default),
  OMNIOUT_DIR: field.textWithDefault(variables.OMNIOUT_DIR.default),
  SMTP_URL: field.optionalText,
  MAIL_FROM: field.textWithDefault(variables.MAIL_FROM.default.embedded),
  CONTACT_INBOX: field
    .textWithDefault(variables.CONTACT_INBOX.default.embedded)
    .pipe(z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address')),
  RATE_LIMIT_MAX: field.integerWithDefault(1, 1_000_000, variables.RATE_LIMIT_MAX.default),
  RATE_LIMIT_WINDOW_MS: field.integerWithDefault(1000, 86_400_000, variables.RATE_LIMIT_WINDOW_MS.default),
  TRUST_PROXY: trustProxySetting,
  // The public origin of the site: canonical links (build time) and every return address given to the
  // payment provider. Embedded default: http://localhost:PORT.
  VITE_SITE_URL: field.optionalHttpUrl,
  // Limits (docs/security.md).
  ITEMS_PER_USER_MAX: field.integerWithDefault(1, 1_000_000, variables.ITEMS_PER_USER_MAX.default),
  STREAMS_PER_USER_MAX: field.integerWithDefault(1, 1000, variables.STREAMS_PER_USER_MAX.default),
  STREAMS_PER_ADDRESS_MAX: field.integerWithDefault(1, 100_000, variables.STREAMS_PER_ADDRESS_MAX.default),
  WRITE_RATE_LIMIT_MAX: field.integerWithDefault(1, 1_000_000, variables.WRITE_RATE_LIMIT_MAX.default),
  SCIM_RATE_LIMIT_PER_MINUTE: field.integerWithDefault(
    1,
    1_000_000,
    variables.SCIM_RATE_LIMIT_PER_MINUTE.default,
  ),
  WRITE_RATE_LIMIT_WINDOW_MS: field.integerWithDefault(
    1000,
    86_400_000,
    variables.WRITE_RATE_LIMIT_WINDOW_MS.default,
  ),
  REQUEST_TIMEOUT_MS: field.integerWithDefault(1000, 600_000, variables.REQUEST_TIMEOUT_MS.default),
  // How long an invitation link to a workspace stays valid (docs/team.md): 7 days, at most a year.
  INVITATION_TTL_HOURS: field.integerWithDefault(1, 8760, variables.INVITATION_TTL_HOURS.default),
  // Outbound webhooks (docs/webhooks.md): how long the delivery log keeps a delivery.
  WEBHOOK_DELIVERY_RETENTION_DAYS: field.integerWithDefault(
    1,
    3650,
    variables.WEBHOOK_DELIVERY_RETENTION_DAYS.default,
  ),
  // Browser tests only: a webhook "day" of this many seconds; read in embedded mode only.
  WEBHOOK_TEST_DAY_SECONDS: field.integer(5, 86_400),
  // Traces over OTLP/HTTP to this collector (docs/tracing.md); unset: off, the SDK not even loaded.
  OTEL_EXPORTER_OTLP_ENDPOINT: field.optionalHttpUrl,
  // Several instances: Redis shares every rate limit and stream cap between them (docs/deploy.md).
  REDIS_URL: field.variable(
    z
      .string()
      .trim()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'),
  ),
  // On SIGTERM: how long /readyz answers 503 before the server stops taking requests, so that the load
  // balancer has noticed (default: 5 s in production, none embedded).
  SHUTDOWN_DRAIN_MS: field.integer(0, 120_000),
  INSTANCE_NAME: field.optionalText,
  // Identity provider (docs/identity.md). Unset AUTH0_DOMAIN means the embedded emulator of `npm start`.
  AUTH0_DOMAIN: field.optionalText,
  IDENTITY_PORT: field.port(variables.IDENTITY_PORT.default),
  AUTH0_CLIENT_ID: field.textWithDefault(variables.AUTH0_CLIENT_ID.default.embedded),
  AUTH0_AUDIENCE: field.optionalText,
  AUTH0_CONNECTION: field.textWithDefault(variables.AUTH0_CONNECTION.default),
  AUTH0_MANAGEMENT_CLIENT_ID: field.textWithDefault(variables.AUTH0_MANAGEMENT_CLIENT_ID.default.embedded),
  AUTH0_MANAGEMENT_CLIENT_SECRET: field.optionalText,
  RECENT_LOGIN_MAX_AGE_SECONDS: field.integerWithDefault(
    1,
    86_400,
    variables.RECENT_LOGIN_MAX_AGE_SECONDS.default,
  ),
  PASSKEYS: field.flag(variables.PASSKEYS.default),
  // The back office (docs/operations.md): who opens it, how old their sign-in may be, how long a view lasts.
  OPERATOR_EMAILS: field.optionalText,
  OPERATOR_SIGN_IN_MAX_AGE_MINUTES: field.integerWithDefault(
    1,
    1440,
    variables.OPERATOR_SIGN_IN_MAX_AGE_MINUTES.default,
  ),
  IMPERSONATION_SECONDS: field.integerWithDefault(5, 900, variables.IMPERSONATION_SECONDS.default),
  // Single sign-on's domain proofs (docs/sso.md): the resolvers asked for TXT records; unset, the system's.
  DNS_RESOLVER: field.variable(
    z
      .string()
      .trim()
      .regex(/^[^\s,]+:\d{1,5}(,[^\s,]+:\d{1,5})*$/, 'must be host:port, comma-separated'),
  ),
  PASSWORD_POLICY: field
    .variable(z.enum(passwordPolicyNames))
    .transform((value) => value ?? variables.PASSWORD_POLICY.default),
  // Payment provider (docs/billing.md). Unset STRIPE_SECRET_KEY means the embedded emulator of `npm start`.
  STRIPE_SECRET_KEY: field.optionalText,
  STRIPE_API_URL: field.optionalHttpUrl,
  STRIPE_WEBHOOK_SECRET: field.optionalText,
  STRIPE_TRIAL_DAYS: field.variable(
    z
      .string()
      .trim()
      .refine((value) => typeof readTrialDays(value) !== 'string', {
        message: `${readTrialDays('x')}`,
      }),
  ),
  STRIPE_TRIAL_CARD: field.variable(z.enum(['required', 'optional'])),
  STRIPE_TRIAL_END_WITHOUT_CARD: field.variable(z.enum(['cancel', 'pause'])),
  // Items created reported as meter events, billed by a metered price (docs/usage-billing.md).
  USAGE_REPORTING: field.flag(variables.USAGE_REPORTING.default),
  PAYMENTS_PORT: field.port(variables.PAYMENTS_PORT.default),
  // The hosted pricing/account app: unset serves the bundled build under /omniout/, a URL proxies to it.
  OMNIOUT_URL: field.optionalHttpUrl,
  // Price ids of the plans (docs/product.md §9), each optional: unset, the plan's price is the one whose
  // lookup key is the plan id (`npm run stripe:setup`), read from the provider at start
  // (plans/resolve-plan-prices.ts).
  STRIPE_PRICE_STARTER: field.optionalText,
  STRIPE_PRICE_PRO: field.optionalText,
  STRIPE_PRICE_BUSINESS: field.optionalText,
  // Build-time settings of the web app that also decide what the Content-Security-Policy allows.
  VITE_GA_MEASUREMENT_ID: field.optionalText,
  VITE_CHAT_WEBSITE_ID: field.optionalText,
  // The product's name, in the pages and in the mail the app sends.
  VITE_APP_NAME: field.textWithDefault(variables.VITE_APP_NAME.default),
});

type Environment = z.infer<typeof environmentSchema>;

export type Config = ReturnType<typeof loadConfig>;

const configurationTitle = 'Invalid configuration';

/**
 * Reads and validates the environment once, at start. Every bad variable is named in one message; in
 * production mode (NODE_ENV=production) so is every provider setting that is missing or still a
 * development default, and the server does not start.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env) {
  const isProduction = environment.NODE_ENV?.trim() === 'production';
  let env: Environment;
  try {
    env = parseEnvironment(environmentSchema, environment, configurationTitle);
  } catch (error) {
    if (!(error instanceof ConfigurationError) || !isProduction) throw error;
    throw mergedProblems(error.problems, productionProblems(environment));
  }
  if (env.NODE_ENV === 'production') {
    const problems = productionProblems(environment);
    if (problems.length > 0) throw mergedProblems([], problems);
  }
  const mode = env.NODE_ENV;
  const fromRoot = (value: string) => path.resolve(repoRoot, value);
  const dataDir = fromRoot(env.DATA_DIR);
  const identity = identityConfig(env);
  return {
    mode,
    isStaging: mode === 'production' && env.STAGING,
    port: env.PORT,
    host: env.HOST ?? variables.HOST.default[mode],
    logLevel: env.LOG_LEVEL,
    /** Traces exported (tracing/register-tracing.ts started the SDK): log lines and errors name them. */
    isTracing: env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined,
    trustProxy: env.TRUST_PROXY,
    site: siteConfig(env),
    dataDir,
    database: databaseTarget(env, dataDir),
    webBuildDir: fromRoot(env.WEB_BUILD_DIR),
    omnioutDir: fromRoot(env.OMNIOUT_DIR),
    omnioutUrl: env.OMNIOUT_URL ? new URL(env.OMNIOUT_URL).href : undefined,
    mail: env.SMTP_URL
      ? ({ transport: 'smtp', smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } as const)
      : ({ transport: 'outbox', outboxDir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM } as const),
    contactInbox: env.CONTACT_INBOX,
    invitations: { ttlHours: env.INVITATION_TTL_HOURS },
    webhooks: {
      deliveryRetentionDays: env.WEBHOOK_DELIVERY_RETENTION_DAYS,
      // Never in production mode: there a day of failures is a day.
      testDaySeconds: mode === 'embedded' ? env.WEBHOOK_TEST_DAY_SECONDS : undefined,
    },
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    redisUrl: env.REDIS_URL,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? variables.SHUTDOWN_DRAIN_MS.default[mode],
    /** Names this process in logs and metrics: several instances write to one place. */
    instanceName: env.INSTANCE_NAME ?? `${os.hostname()}:${env.PORT}`,
    limits: {
      itemsPerUser: env.ITEMS_PER_USER_MAX,
      streamsPerUser: env.STREAMS_PER_USER_MAX,
      streamsPerAddress: env.STREAMS_PER_ADDRESS_MAX,
      writes: { max: env.WRITE_RATE_LIMIT_MAX, windowMs: env.WRITE_RATE_LIMIT_WINDOW_MS },
      scimRequestsPerMinute: env.SCIM_RATE_LIMIT_PER_MINUTE,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    },
    identity,
    /** Where single sign-on's domain proofs are looked up (DNS_RESOLVER); empty: the system's resolvers. */
    dnsServers: env.DNS_RESOLVER?.split(',') ?? [],
    /** `STRIPE_PRICE_*`; the catalogue itself is resolved at start (plans/resolve-plan-prices.ts). */
    priceOverrides: priceOverrides(env),
    payments: paymentsConfig(env),
    /** Hosted or Embedded Checkout, and tax on checkouts (decision 0049). */
    checkout: checkoutConfig(environment, { mode, apiUrl: paymentsConfig(env).apiUrl }),
    /** Usage on the provider's meters (usage/): off unless USAGE_REPORTING is set. */
    usage: { isReporting: env.USAGE_REPORTING },
    operators: operatorsConfig(env),
    analyticsEnabled: Boolean(env.VITE_GA_MEASUREMENT_ID),
    chatEnabled: Boolean(env.VITE_CHAT_WEBSITE_ID),
  };
}

/**
 * The back office (docs/operations.md): the addresses and domains of OPERATOR_EMAILS, lower-cased; an
 * entry that is neither stops the server rather than let nobody (or everybody) in.
 */
function operatorsConfig(env: Environment) {
  const entries = (env.OPERATOR_EMAILS ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.filter((entry) => !/^[^\s@,]*@[^\s@,]+\.[^\s@,]+$/.test(entry));
  if (bad.length > 0) {
    throw new ConfigurationError(configurationTitle, [
      `OPERATOR_EMAILS: ${bad.join(', ')} is neither an address (ops@example.com) nor a domain (@example.com)`,
    ]);
  }
  return {
    addresses: entries.filter((entry) => !entry.startsWith('@')),
    domains: entries.filter((entry) => entry.startsWith('@')),
    signInMaxAgeSeconds: env.OPERATOR_SIGN_IN_MAX_AGE_MINUTES * 60,
    impersonationSeconds: env.IMPERSONATION_SECONDS,
  };
}

export type OperatorsConfig = ReturnType<typeof operatorsConfig>;

/** One problem per variable: a production rule says more than a shape error of the same field.variable. */
function mergedProblems(shapeProblems: string[], production: string[]): ConfigurationError {
  const named = new Set(production.map((problem) => problem.slice(0, problem.indexOf(':'))));
  const shape = shapeProblems.filter((problem) => !named.has(problem.slice(0, problem.indexOf(':'))));
  const title =
    production.length > 0
      ? `${configurationTitle}: production mode (NODE_ENV=production) runs only with real providers`
      : configurationTitle;
  return new ConfigurationError(title, [...shape, ...production]);
}

/**
 * PostgreSQL at DATABASE_URL, the migrations and LISTEN at DATABASE_DIRECT_URL when it is set (a pooler
 * in transaction mode at DATABASE_URL); without DATABASE_URL, the embedded PGlite.
 */
function databaseTarget(env: Environment, dataDir: string) {
  if (!env.DATABASE_URL) {
    if (env.DATABASE_DIRECT_URL) {
      throw new ConfigurationError(configurationTitle, [
        'DATABASE_DIRECT_URL: set only beside DATABASE_URL (the pooler it bypasses); unset, the embedded PGlite is used',
      ]);
    }
    return { kind: 'pglite', dir: path.join(dataDir, 'db') } as const;
  }
  return { kind: 'postgres', url: env.DATABASE_URL, directUrl: env.DATABASE_DIRECT_URL } as const;
}

/**
 * The site's public origin: return addresses sent to the payment provider are built from and checked
 * against it, never against request headers. Embedded mode also accepts 127.0.0.1 for localhost.
 */
function siteConfig(env: Environment) {
  const configured = env.VITE_SITE_URL ? new URL(env.VITE_SITE_URL).origin : undefined;
  const local = [`http://localhost:${env.PORT}`, `http://127.0.0.1:${env.PORT}`];
  const origin = configured ?? (local[0] as string);
  const origins = env.NODE_ENV === 'production' ? [origin] : [...new Set([origin, ...local])];
  return { origin, origins, name: env.VITE_APP_NAME };
}

/** A bare host name means https (an Auth0 tenant); the embedded emulator is plain http on localhost. */
function providerOrigin(domain: string): string {
  const url = new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`);
  return url.origin;
}

function identityConfig(env: Environment) {
  const embedded = !env.AUTH0_DOMAIN;
  const origin = providerOrigin(env.AUTH0_DOMAIN ?? `http://localhost:${env.IDENTITY_PORT}`);
  const managementClientSecret =
    env.AUTH0_MANAGEMENT_CLIENT_SECRET ?? (embedded ? developmentDefaults.managementClientSecret : undefined);
  if (!managementClientSecret) {
    throw new ConfigurationError(configurationTitle, [
      'AUTH0_MANAGEMENT_CLIENT_SECRET: required when AUTH0_DOMAIN names a real tenant',
    ]);
  }
  return {
    origin,
    issuer: `${origin}/`,
    jwksUri: `${origin}/.well-known/jwks.json`,
    clientId: env.AUTH0_CLIENT_ID,
    audience: env.AUTH0_AUDIENCE ?? `${origin}/api/v2/`,
    connection: env.AUTH0_CONNECTION,
    managementAudience: `${origin}/api/v2/`,
    managementClientId: env.AUTH0_MANAGEMENT_CLIENT_ID,
    managementClientSecret,
    recentLoginMaxAgeSeconds: env.RECENT_LOGIN_MAX_AGE_SECONDS,
    passwordPolicy: env.PASSWORD_POLICY,
    /** The browser offers passkeys (PASSKEYS). */
    passkeys: env.PASSKEYS,
  };
}

export type IdentityConfig = ReturnType<typeof identityConfig>;

function paymentsConfig(env: Environment) {
  const embedded = !env.STRIPE_SECRET_KEY;
  const webhookSecret =
    env.STRIPE_WEBHOOK_SECRET ?? (embedded ? developmentDefaults.stripeWebhookSecret : undefined);
  if (!webhookSecret) {
    throw new ConfigurationError(configurationTitle, [
      'STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY names a real Stripe account',
    ]);
  }
  const apiUrl = env.STRIPE_API_URL ?? (embedded ? `http://localhost:${env.PAYMENTS_PORT}` : undefined);
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? developmentDefaults.stripeSecretKey,
    /** Unset: Stripe's own API. */
    apiUrl,
    webhookSecret,
    /** The trials (STRIPE_TRIAL_*): days by plan, whether a card is asked first, and the end without one. */
    offer: offerOf(env),
  };
}

export type PaymentsConfig = ReturnType<typeof paymentsConfig>;

/** The price ids set for plans in the environment; a plan left out is found by its lookup key. */
function priceOverrides(env: Environment): Partial<Record<PlanId, string>> {
  const given = {
    starter: env.STRIPE_PRICE_STARTER,
    pro: env.STRIPE_PRICE_PRO,
    business: env.STRIPE_PRICE_BUSINESS,
  };
  const overrides = Object.fromEntries(
    planIds.flatMap((plan) => (given[plan] ? [[plan, given[plan]]] : [])),
  ) as Partial<Record<PlanId, string>>;
  const ids = Object.values(overrides);
  if (new Set(ids).size !== ids.length) {
    throw new ConfigurationError(configurationTitle, ['STRIPE_PRICE_*: each plan needs its own price id']);
  }
  return overrides;
}
