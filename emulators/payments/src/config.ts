import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readEmulatorEnvironment } from '@launchkit/emulator-kit';
import { ConfigurationError, field, type TlsCredentials, variables } from '@launchkit/env';
import { type PlanId, plans } from '@launchkit/plans';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const secret = (example: string) =>
  field
    .variable(z.string().trim().regex(/^\S+$/, `must be one word, such as ${example}`))
    .transform((value) => value ?? example);

const priceId = field.variable(
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a price id of letters, digits, "_" and "-"'),
);

// STRIPE_WEBHOOK_URL: unset (or empty) means the app's own endpoint; `none` means no configured endpoint.
const webhookUrl = field.variable(
  z
    .string()
    .trim()
    .refine(
      (value) => value === 'none' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
      {
        message: 'must be an absolute http(s) URL, or none for no configured endpoint',
      },
    ),
);

const amount = field.integer(0, 99_999_999);

/**
 * Stripe's webhook retries: `live` for up to three days with exponential backoff (what production
 * sees), `sandbox` three retries over a few hours (a test-mode account's).
 */
export const webhookRetrySchedules = ['live', 'sandbox'] as const;
export type WebhookRetrySchedule = (typeof webhookRetrySchedules)[number];

// Every variable: an empty value counts as unset, as in the app; the defaults are @launchkit/env's table of
// variables.
const environmentSchema = z.object({
  NODE_ENV: field.runMode,
  PAYMENTS_PORT: field.port(variables.PAYMENTS_PORT.default),
  // Its own interface, loopback by default: the app's HOST (often 0.0.0.0) must not expose the emulator.
  PAYMENTS_HOST: field.textWithDefault(variables.PAYMENTS_HOST.default),
  DATA_DIR: field.textWithDefault(variables.DATA_DIR.default),
  PAYMENTS_DATA_DIR: field.optionalText,
  PORT: field.port(variables.PORT.default),
  STRIPE_SECRET_KEY: secret(variables.STRIPE_SECRET_KEY.default.embedded),
  STRIPE_WEBHOOK_SECRET: secret(variables.STRIPE_WEBHOOK_SECRET.default.embedded),
  STRIPE_WEBHOOK_URL: webhookUrl,
  STRIPE_PRICE_STARTER: priceId,
  STRIPE_PRICE_PRO: priceId,
  STRIPE_PRICE_BUSINESS: priceId,
  STRIPE_PRICE_STARTER_AMOUNT: amount,
  STRIPE_PRICE_PRO_AMOUNT: amount,
  STRIPE_PRICE_BUSINESS_AMOUNT: amount,
  PAYMENTS_SEED_CATALOGUE: field.flag(variables.PAYMENTS_SEED_CATALOGUE.default),
  PAYMENTS_WEBHOOK_RETRY_SCHEDULE: field
    .variable(z.enum(webhookRetrySchedules))
    .transform((value) => value ?? variables.PAYMENTS_WEBHOOK_RETRY_SCHEDULE.default),
  // Stripe's first retry comes after minutes: 5 by default; tests shrink the whole schedule with it.
  PAYMENTS_WEBHOOK_RETRY_BASE_MS: field.integerWithDefault(
    1,
    3_600_000,
    variables.PAYMENTS_WEBHOOK_RETRY_BASE_MS.default,
  ),
  PAYMENTS_WEBHOOK_MAX_ATTEMPTS: field.integer(1, 100),
  // Stripe's search lags writes by up to a minute; 0 (the default, and the tests') finds them at once.
  PAYMENTS_SEARCH_DELAY_MS: field.integerWithDefault(
    0,
    3_600_000,
    variables.PAYMENTS_SEARCH_DELAY_MS.default,
  ),
  LOG_LEVEL: field.logLevel,
});

const configurationTitle = 'Invalid payments emulator configuration';

export type CataloguePlan = {
  planId: PlanId;
  name: string;
  features: string[];
  /** Seats a purchase starts with (the product's choice; shown on the home page). */
  seats: number;
  priceId: string;
  /** Cents per seat per month. */
  unitAmount: number;
  /** The yearly price, found by the lookup key `<plan>_yearly` (no override: the app finds it by its key). */
  yearlyPriceId: string;
  /** Cents per seat per year. */
  yearlyUnitAmount: number;
};

export type PaymentsConfig = {
  /** 0: any free field.port; the public URL then follows the field.port actually bound. */
  port: number;
  host: string;
  logLevel: field.LogLevel;
  /** The certificate and key to serve https with; undefined: plain http. */
  tls: TlsCredentials | undefined;
  /** The scheme of the emulator's own URLs (hosted pages). */
  protocol: 'http:' | 'https:';
  dataDir: string;
  secretKey: string;
  webhookSecret: string;
  /** The endpoint every event goes to, signed with webhookSecret; null: none. */
  webhookUrl: string | null;
  catalogue: CataloguePlan[];
  /** Seed the catalogue's products and prices at every start (false: an empty account). */
  seedCatalogue: boolean;
  webhookRetrySchedule: WebhookRetrySchedule;
  /** The first retry's delay; the schedule's later delays and its window scale with it. */
  webhookRetryBaseMs: number;
  /** A cap on attempts per event and endpoint; null: the schedule decides. */
  webhookMaxAttempts: number | null;
  /** How long a new object stays out of search results (routes/search-freshness.ts); 0: none. */
  searchDelayMs: number;
};

/**
 * Reads and validates the emulator's variables once, at start; bad variables throw a ConfigurationError
 * naming each of them. It refuses the production mode (NODE_ENV=production): its test cards give paid
 * plans. With EMULATOR_TLS_CERT_FILE and EMULATOR_TLS_KEY_FILE it serves https, and its URLs are https.
 */
export function loadPaymentsConfig(environment: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const { env, tls, protocol, fromRepoRoot } = readEmulatorEnvironment(environmentSchema, environment, {
    title: configurationTitle,
    program: {
      name: 'payments emulator',
      instead: 'set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_* to your Stripe account',
    },
    repoRoot,
  });
  const dataDir = fromRepoRoot(env.DATA_DIR);
  const priceIds = {
    starter: env.STRIPE_PRICE_STARTER ?? 'price_starter_monthly',
    pro: env.STRIPE_PRICE_PRO ?? 'price_pro_monthly',
    business: env.STRIPE_PRICE_BUSINESS ?? 'price_business_monthly',
  };
  const amounts = {
    starter: env.STRIPE_PRICE_STARTER_AMOUNT,
    pro: env.STRIPE_PRICE_PRO_AMOUNT,
    business: env.STRIPE_PRICE_BUSINESS_AMOUNT,
  };
  if (new Set(Object.values(priceIds)).size !== 3) {
    throw new ConfigurationError(configurationTitle, [
      'STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS: must be three different price ids',
    ]);
  }
  return {
    port: env.PAYMENTS_PORT,
    host: env.PAYMENTS_HOST,
    logLevel: env.LOG_LEVEL,
    tls,
    protocol,
    dataDir: env.PAYMENTS_DATA_DIR ? fromRepoRoot(env.PAYMENTS_DATA_DIR) : path.join(dataDir, 'payments'),
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    webhookUrl:
      env.STRIPE_WEBHOOK_URL === 'none'
        ? null
        : (env.STRIPE_WEBHOOK_URL ?? `http://localhost:${env.PORT}/api/stripe-webhook`),
    catalogue: plans.map((plan) => ({
      planId: plan.id,
      name: plan.name,
      features: [...plan.features],
      seats: plan.seats,
      priceId: priceIds[plan.id],
      unitAmount: amounts[plan.id] ?? plan.unitAmount,
      yearlyPriceId: `price_${plan.id}_yearly`,
      yearlyUnitAmount: plan.yearlyUnitAmount,
    })),
    seedCatalogue: env.PAYMENTS_SEED_CATALOGUE,
    webhookRetrySchedule: env.PAYMENTS_WEBHOOK_RETRY_SCHEDULE,
    webhookRetryBaseMs: env.PAYMENTS_WEBHOOK_RETRY_BASE_MS,
    webhookMaxAttempts: env.PAYMENTS_WEBHOOK_MAX_ATTEMPTS ?? null,
    searchDelayMs: env.PAYMENTS_SEARCH_DELAY_MS,
  };
}
