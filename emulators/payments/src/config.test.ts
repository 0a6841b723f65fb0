import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPaymentsConfig, repoRoot } from './config.ts';

describe('payments emulator configuration', () => {
  it('has the documented defaults', () => {
    const config = loadPaymentsConfig({});
    expect(config).toMatchObject({
      port: 3002,
      host: '0.0.0.0',
      logLevel: 'info',
      dataDir: path.join(repoRoot, 'data', 'payments'),
      secretKey: 'sk_test_emulator',
      webhookSecret: 'whsec_emulator',
      webhookUrl: 'http://localhost:3000/api/stripe-webhook',
      webhookRetryBaseMs: 1000,
      webhookMaxAttempts: 8,
    });
    expect(config.catalogue.map((plan) => [plan.planId, plan.priceId, plan.unitAmount, plan.seats])).toEqual([
      ['starter', 'price_starter_monthly', 900, 1],
      ['pro', 'price_pro_monthly', 1200, 5],
      ['business', 'price_business_monthly', 1500, 25],
    ]);
  });

  it('reads every variable', () => {
    const config = loadPaymentsConfig({
      PAYMENTS_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/somewhere',
      PORT: '3900',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PRICE_STARTER: 'price_a',
      STRIPE_PRICE_PRO: 'price_b',
      STRIPE_PRICE_BUSINESS: 'price_c',
      STRIPE_PRICE_STARTER_AMOUNT: '100',
      STRIPE_PRICE_PRO_AMOUNT: '200',
      STRIPE_PRICE_BUSINESS_AMOUNT: '300',
      PAYMENTS_WEBHOOK_RETRY_BASE_MS: '10',
      PAYMENTS_WEBHOOK_MAX_ATTEMPTS: '3',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/tmp/somewhere/payments',
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      webhookUrl: 'http://localhost:3900/api/stripe-webhook',
      webhookRetryBaseMs: 10,
      webhookMaxAttempts: 3,
      logLevel: 'warn',
    });
    expect(config.catalogue.map((plan) => [plan.priceId, plan.unitAmount])).toEqual([
      ['price_a', 100],
      ['price_b', 200],
      ['price_c', 300],
    ]);
  });

  it('takes PAYMENTS_DATA_DIR over DATA_DIR, and an empty STRIPE_WEBHOOK_URL as no endpoint', () => {
    expect(loadPaymentsConfig({ DATA_DIR: '/a', PAYMENTS_DATA_DIR: '/b/pay' }).dataDir).toBe('/b/pay');
    expect(loadPaymentsConfig({ STRIPE_WEBHOOK_URL: '' }).webhookUrl).toBeNull();
    expect(loadPaymentsConfig({ STRIPE_WEBHOOK_URL: 'http://127.0.0.1:9/hook' }).webhookUrl).toBe(
      'http://127.0.0.1:9/hook',
    );
  });

  it('names the variable that is wrong', () => {
    expect(() => loadPaymentsConfig({ PAYMENTS_PORT: 'abc' })).toThrow(/PAYMENTS_PORT/);
    expect(() => loadPaymentsConfig({ PAYMENTS_PORT: '70000' })).toThrow(/PAYMENTS_PORT/);
    expect(() => loadPaymentsConfig({ STRIPE_WEBHOOK_URL: 'ftp://x' })).toThrow(/STRIPE_WEBHOOK_URL/);
    expect(() => loadPaymentsConfig({ STRIPE_PRICE_PRO: 'price pro' })).toThrow(/STRIPE_PRICE_PRO/);
    expect(() => loadPaymentsConfig({ STRIPE_PRICE_PRO_AMOUNT: '12.5' })).toThrow(/STRIPE_PRICE_PRO_AMOUNT/);
    expect(() => loadPaymentsConfig({ PAYMENTS_WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(
      /PAYMENTS_WEBHOOK_MAX_ATTEMPTS/,
    );
    expect(() => loadPaymentsConfig({ PAYMENTS_WEBHOOK_RETRY_BASE_MS: '-5' })).toThrow(
      /PAYMENTS_WEBHOOK_RETRY_BASE_MS/,
    );
    expect(() => loadPaymentsConfig({ STRIPE_SECRET_KEY: 'sk test' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadPaymentsConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() =>
      loadPaymentsConfig({ STRIPE_PRICE_STARTER: 'price_same', STRIPE_PRICE_PRO: 'price_same' }),
    ).toThrow(/three different price ids/);
  });
});
