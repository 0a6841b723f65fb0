import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '@launchkit/env';
import {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from '@launchkit/env/test/self-signed-certificate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPaymentsConfig, repoRoot } from './config.ts';

describe('payments emulator configuration', () => {
  it('has the documented defaults', () => {
    const config = loadPaymentsConfig({});
    expect(config).toMatchObject({
      port: 3002,
      host: '127.0.0.1',
      logLevel: 'info',
      tls: undefined,
      protocol: 'http:',
      dataDir: path.join(repoRoot, 'data', 'payments'),
      secretKey: 'sk_test_emulator',
      webhookSecret: 'whsec_emulator',
      webhookUrl: 'http://localhost:3000/api/stripe-webhook',
      seedCatalogue: true,
      webhookRetrySchedule: 'live',
      webhookRetryBaseMs: 300_000,
      webhookMaxAttempts: null,
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
      PAYMENTS_HOST: '::1',
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
      PAYMENTS_SEED_CATALOGUE: 'false',
      PAYMENTS_WEBHOOK_RETRY_SCHEDULE: 'sandbox',
      PAYMENTS_WEBHOOK_RETRY_BASE_MS: '10',
      PAYMENTS_WEBHOOK_MAX_ATTEMPTS: '3',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '::1',
      dataDir: '/tmp/somewhere/payments',
      secretKey: 'sk_test_x',
      webhookSecret: 'whsec_x',
      webhookUrl: 'http://localhost:3900/api/stripe-webhook',
      seedCatalogue: false,
      webhookRetrySchedule: 'sandbox',
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

  it('listens on loopback unless PAYMENTS_HOST says otherwise, whatever the app’s HOST is', () => {
    expect(loadPaymentsConfig({ HOST: '0.0.0.0' }).host).toBe('127.0.0.1');
    expect(loadPaymentsConfig({ PAYMENTS_HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('takes an empty variable as unset, as the app does', () => {
    const empty = Object.fromEntries(
      [
        'NODE_ENV',
        'PAYMENTS_PORT',
        'PAYMENTS_HOST',
        'DATA_DIR',
        'PAYMENTS_DATA_DIR',
        'PORT',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_WEBHOOK_URL',
        'STRIPE_PRICE_STARTER',
        'STRIPE_PRICE_PRO_AMOUNT',
        'PAYMENTS_SEED_CATALOGUE',
        'PAYMENTS_WEBHOOK_RETRY_SCHEDULE',
        'PAYMENTS_WEBHOOK_RETRY_BASE_MS',
        'PAYMENTS_WEBHOOK_MAX_ATTEMPTS',
        'LOG_LEVEL',
        'EMULATOR_TLS_CERT_FILE',
        'EMULATOR_TLS_KEY_FILE',
      ].map((name) => [name, name === 'PAYMENTS_HOST' ? '  ' : '']),
    );
    expect(loadPaymentsConfig(empty)).toEqual(loadPaymentsConfig({}));
  });

  it('refuses to run in production, saying what to set instead', () => {
    expect(() => loadPaymentsConfig({ NODE_ENV: 'production' })).toThrow(
      new ConfigurationError('Invalid payments emulator configuration', [
        'NODE_ENV: the payments emulator is for development only and does not run in production; set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_* to your Stripe account',
      ]),
    );
    expect(loadPaymentsConfig({ NODE_ENV: 'development' }).port).toBe(3002);
  });

  it('takes PAYMENTS_DATA_DIR over DATA_DIR, and STRIPE_WEBHOOK_URL=none as no endpoint', () => {
    expect(loadPaymentsConfig({ DATA_DIR: '/a', PAYMENTS_DATA_DIR: '/b/pay' }).dataDir).toBe('/b/pay');
    expect(loadPaymentsConfig({ STRIPE_WEBHOOK_URL: 'none' }).webhookUrl).toBeNull();
    expect(loadPaymentsConfig({ STRIPE_WEBHOOK_URL: '', PORT: '3900' }).webhookUrl).toBe(
      'http://localhost:3900/api/stripe-webhook',
    );
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
    expect(() => loadPaymentsConfig({ PAYMENTS_WEBHOOK_RETRY_SCHEDULE: 'hourly' })).toThrow(
      /PAYMENTS_WEBHOOK_RETRY_SCHEDULE/,
    );
    expect(() => loadPaymentsConfig({ PAYMENTS_WEBHOOK_RETRY_BASE_MS: '-5' })).toThrow(
      /PAYMENTS_WEBHOOK_RETRY_BASE_MS/,
    );
    expect(() => loadPaymentsConfig({ STRIPE_SECRET_KEY: 'sk test' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadPaymentsConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() =>
      loadPaymentsConfig({ STRIPE_PRICE_STARTER: 'price_same', STRIPE_PRICE_PRO: 'price_same' }),
    ).toThrow(/three different price ids/);
    expect(() => loadPaymentsConfig({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
  });

  it('reports every bad variable at once, one line each', () => {
    expect(() =>
      loadPaymentsConfig({ PAYMENTS_PORT: 'abc', STRIPE_WEBHOOK_URL: 'ftp://x', LOG_LEVEL: 'loud' }),
    ).toThrow(
      /^Invalid payments emulator configuration:\n {2}PAYMENTS_PORT: must be a whole number\n {2}STRIPE_WEBHOOK_URL: .*\n {2}LOG_LEVEL: .*$/,
    );
  });
});

describe('https (EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE)', () => {
  let certificate: SelfSignedCertificate;
  beforeAll(async () => {
    certificate = await createSelfSignedCertificate();
  });
  afterAll(() => rm(certificate.dir, { recursive: true, force: true }));

  it('reads the certificate and key', () => {
    const config = loadPaymentsConfig({
      EMULATOR_TLS_CERT_FILE: certificate.certFile,
      EMULATOR_TLS_KEY_FILE: certificate.keyFile,
    });
    expect(config.protocol).toBe('https:');
    expect(config.tls?.cert).toBe(certificate.cert);
  });

  it('wants both files or neither', () => {
    expect(() => loadPaymentsConfig({ EMULATOR_TLS_KEY_FILE: certificate.keyFile })).toThrow(
      /^Invalid payments emulator configuration:\n {2}EMULATOR_TLS_CERT_FILE, EMULATOR_TLS_KEY_FILE: set both/,
    );
    expect(() =>
      loadPaymentsConfig({
        EMULATOR_TLS_CERT_FILE: path.join(certificate.dir, 'missing.pem'),
        EMULATOR_TLS_KEY_FILE: certificate.keyFile,
      }),
    ).toThrow(/EMULATOR_TLS_CERT_FILE: cannot read .*missing\.pem \(ENOENT\)/);
  });
});
