import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordPolicyNames } from '@app/password-policy';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const optionalUrl = optionalText.refine(
  (value) => value === undefined || URL.canParse(value),
  'must be an absolute URL such as http://localhost:3002',
);

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: optionalText,
  WEB_BUILD_DIR: z.string().default('apps/web/build/client'),
  OMNIOUT_DIR: z.string().default('apps/omniout/dist'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Launchkit <no-reply@localhost>'),
  CONTACT_INBOX: z.string().email('CONTACT_INBOX must be an email address').default('owner@localhost'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  TRUST_PROXY: z.stringbool().default(false),
  OUTBOX_PUBLIC: z.stringbool().default(false),
  // Identity provider (docs/identity.md). Unset AUTH0_DOMAIN means the embedded emulator of `npm start`.
  AUTH0_DOMAIN: optionalText,
  IDENTITY_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  AUTH0_CLIENT_ID: z.string().min(1).default('launchkit-web'),
  AUTH0_AUDIENCE: optionalText,
  AUTH0_CONNECTION: z.string().min(1).default('Username-Password-Authentication'),
  AUTH0_MANAGEMENT_CLIENT_ID: z.string().min(1).default('launchkit-api'),
  AUTH0_MANAGEMENT_CLIENT_SECRET: optionalText,
  RECENT_LOGIN_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(300),
  PASSWORD_POLICY: z.enum(passwordPolicyNames).default('good'),
  // Payment provider (docs/billing.md). Unset STRIPE_SECRET_KEY means the embedded emulator of `npm start`.
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_API_URL: optionalUrl,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(0),
  PAYMENTS_PORT: z.coerce.number().int().min(1).max(65535).default(3002),
  // The hosted pricing/account app: unset serves the bundled build under /omniout/, a URL proxies to it.
  OMNIOUT_URL: optionalUrl,
  // Payment provider price ids of the plans (§9): a user's stripe_price_id names their plan through these.
  STRIPE_PRICE_STARTER: z.string().trim().min(1).default('price_starter_monthly'),
  STRIPE_PRICE_PRO: z.string().trim().min(1).default('price_pro_monthly'),
  STRIPE_PRICE_BUSINESS: z.string().trim().min(1).default('price_business_monthly'),
  // Build-time settings of the web app that also decide what the Content-Security-Policy allows.
  VITE_GA_MEASUREMENT_ID: optionalText,
  VITE_CHAT_WEBSITE_ID: optionalText,
});

export type Config = ReturnType<typeof loadConfig>;

/** Reads and validates the environment once, at start; a bad variable stops the process with its name. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env) {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const fromRoot = (value: string) => path.resolve(repoRoot, value);
  const dataDir = fromRoot(env.DATA_DIR);
  const identity = identityConfig(env);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL } as const)
      : ({ kind: 'pglite', dir: path.join(dataDir, 'db') } as const),
    webBuildDir: fromRoot(env.WEB_BUILD_DIR),
    omnioutDir: fromRoot(env.OMNIOUT_DIR),
    omnioutUrl: env.OMNIOUT_URL ? new URL(env.OMNIOUT_URL).href : undefined,
    mail: env.SMTP_URL
      ? ({ transport: 'smtp', smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } as const)
      : ({ transport: 'outbox', outboxDir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM } as const),
    contactInbox: env.CONTACT_INBOX,
    outboxPublic: env.OUTBOX_PUBLIC,
    rateLimit: { max: env.RATE_LIMIT_MAX, windowMs: env.RATE_LIMIT_WINDOW_MS },
    identity,
    plans: planCatalogue(env),
    payments: paymentsConfig(env),
    analyticsEnabled: Boolean(env.VITE_GA_MEASUREMENT_ID),
    chatEnabled: Boolean(env.VITE_CHAT_WEBSITE_ID),
  };
}

/** A bare host name means https (an Auth0 tenant); the embedded emulator is plain http on localhost. */
function providerOrigin(domain: string): string {
  const url = new URL(/^https?:\/\//.test(domain) ? domain : `https://${domain}`);
  return url.origin;
}

const embeddedManagementSecret = 'dev-management-secret';

function identityConfig(env: z.infer<typeof environmentSchema>) {
  const embedded = !env.AUTH0_DOMAIN;
  const origin = providerOrigin(env.AUTH0_DOMAIN ?? `http://localhost:${env.IDENTITY_PORT}`);
  const managementClientSecret =
    env.AUTH0_MANAGEMENT_CLIENT_SECRET ?? (embedded ? embeddedManagementSecret : undefined);
  if (!managementClientSecret) {
    throw new Error(
      'Invalid configuration:\n  AUTH0_MANAGEMENT_CLIENT_SECRET: required when AUTH0_DOMAIN names a real tenant',
    );
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
  };
}

export type IdentityConfig = ReturnType<typeof identityConfig>;

const embeddedPayments = { secretKey: 'sk_test_emulator', webhookSecret: 'whsec_emulator' };

function paymentsConfig(env: z.infer<typeof environmentSchema>) {
  const embedded = !env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? (embedded ? embeddedPayments.webhookSecret : undefined);
  if (!webhookSecret) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY names a real Stripe account',
    );
  }
  const apiUrl = env.STRIPE_API_URL ?? (embedded ? `http://localhost:${env.PAYMENTS_PORT}` : undefined);
  return {
    secretKey: env.STRIPE_SECRET_KEY ?? embeddedPayments.secretKey,
    /** Unset: Stripe's own API. */
    apiUrl,
    webhookSecret,
    trialDays: env.STRIPE_TRIAL_DAYS,
  };
}

export type PaymentsConfig = ReturnType<typeof paymentsConfig>;

export const planIds = ['starter', 'pro', 'business'] as const;
export type PlanId = (typeof planIds)[number];

function planCatalogue(env: z.infer<typeof environmentSchema>) {
  const priceIds: Record<PlanId, string> = {
    starter: env.STRIPE_PRICE_STARTER,
    pro: env.STRIPE_PRICE_PRO,
    business: env.STRIPE_PRICE_BUSINESS,
  };
  const planByPriceId = new Map<string, PlanId>(planIds.map((plan) => [priceIds[plan], plan]));
  if (planByPriceId.size !== planIds.length) {
    throw new Error('Invalid configuration:\n  STRIPE_PRICE_*: each plan needs its own price id');
  }
  return { priceIds, planByPriceId };
}

export type PlanCatalogue = ReturnType<typeof planCatalogue>;
