import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PlanId, plans } from '@app/plans';
import { z } from 'zod';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

// An empty variable counts as unset, as a shell's `VAR=` usually means "no value".
const unsetWhenEmpty = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = z.preprocess(unsetWhenEmpty, z.string().trim().optional());
const integer = (min: number, max: number) =>
  z.preprocess(
    unsetWhenEmpty,
    z
      .string()
      .trim()
      .regex(/^\d+$/, 'must be a whole number')
      .transform(Number)
      .pipe(z.number().int().min(min).max(max))
      .optional(),
  );

const secret = (prefixHint: string) =>
  z.preprocess(
    unsetWhenEmpty,
    z.string().trim().regex(/^\S+$/, `must be one word, such as ${prefixHint}`).optional(),
  );

const priceId = z.preprocess(
  unsetWhenEmpty,
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be a price id of letters, digits, "_" and "-"')
    .optional(),
);

// STRIPE_WEBHOOK_URL: unset means the app's own endpoint; an explicit empty value means no endpoint.
const webhookUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), {
    message: 'must be an absolute http(s) URL (or empty for no configured endpoint)',
  })
  .optional();

const environmentSchema = z.object({
  PAYMENTS_PORT: integer(0, 65535),
  HOST: optionalText,
  DATA_DIR: optionalText,
  PAYMENTS_DATA_DIR: optionalText,
  PORT: integer(0, 65535),
  STRIPE_SECRET_KEY: secret('sk_test_emulator'),
  STRIPE_WEBHOOK_SECRET: secret('whsec_emulator'),
  STRIPE_WEBHOOK_URL: webhookUrl,
  STRIPE_PRICE_STARTER: priceId,
  STRIPE_PRICE_PRO: priceId,
  STRIPE_PRICE_BUSINESS: priceId,
  STRIPE_PRICE_STARTER_AMOUNT: integer(0, 99_999_999),
  STRIPE_PRICE_PRO_AMOUNT: integer(0, 99_999_999),
  STRIPE_PRICE_BUSINESS_AMOUNT: integer(0, 99_999_999),
  PAYMENTS_WEBHOOK_RETRY_BASE_MS: integer(1, 3_600_000),
  PAYMENTS_WEBHOOK_MAX_ATTEMPTS: integer(1, 100),
  LOG_LEVEL: z.preprocess(
    unsetWhenEmpty,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
});

export type CataloguePlan = {
  planId: PlanId;
  name: string;
  features: string[];
  /** Seats a purchase starts with (the product's choice; shown on the home page). */
  seats: number;
  priceId: string;
  /** Cents per seat per month. */
  unitAmount: number;
};

export type PaymentsConfig = {
  /** 0: any free port; the public URL then follows the port actually bound. */
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  dataDir: string;
  secretKey: string;
  webhookSecret: string;
  /** The endpoint every event goes to, signed with webhookSecret; null: none. */
  webhookUrl: string | null;
  catalogue: CataloguePlan[];
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
};

/** Reads and validates the emulator's variables once, at start; a bad variable throws with its name. */
export function loadPaymentsConfig(environment: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid payments emulator configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  const fromRoot = (value: string) => path.resolve(repoRoot, value);
  const dataDir = fromRoot(env.DATA_DIR ?? 'data');
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
    throw new Error(
      'Invalid payments emulator configuration:\n  STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS: must be three different price ids',
    );
  }
  const appPort = env.PORT ?? 3000;
  return {
    port: env.PAYMENTS_PORT ?? 3002,
    host: env.HOST ?? '0.0.0.0',
    logLevel: env.LOG_LEVEL ?? 'info',
    dataDir: env.PAYMENTS_DATA_DIR ? fromRoot(env.PAYMENTS_DATA_DIR) : path.join(dataDir, 'payments'),
    secretKey: env.STRIPE_SECRET_KEY ?? 'sk_test_emulator',
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? 'whsec_emulator',
    webhookUrl:
      env.STRIPE_WEBHOOK_URL === undefined
        ? `http://localhost:${appPort}/api/stripe-webhook`
        : env.STRIPE_WEBHOOK_URL || null,
    catalogue: plans.map((plan) => ({
      planId: plan.id,
      name: plan.name,
      features: [...plan.features],
      seats: plan.seats,
      priceId: priceIds[plan.id],
      unitAmount: amounts[plan.id] ?? plan.unitAmount,
    })),
    webhookRetryBaseMs: env.PAYMENTS_WEBHOOK_RETRY_BASE_MS ?? 1000,
    webhookMaxAttempts: env.PAYMENTS_WEBHOOK_MAX_ATTEMPTS ?? 8,
  };
}
