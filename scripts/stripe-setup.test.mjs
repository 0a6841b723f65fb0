import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadPaymentsConfig, startPaymentsEmulator } from '@launchkit/payments-emulator';
import { plans } from '@launchkit/plans';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import {
  setupCatalogue,
  setupUsageMeter,
  setupWebhook,
  siteOriginOf,
  stripeFromEnvironment,
} from './stripe-setup.mjs';

const cleanups = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()();
});

/** The payment emulator on a free port, with or without its seeded catalogue. */
async function emulator(seed) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stripe-setup-'));
  const server = await startPaymentsEmulator(
    loadPaymentsConfig({
      PAYMENTS_PORT: '0',
      PAYMENTS_DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: 'sk_test_setup',
      STRIPE_WEBHOOK_URL: 'none',
      LOG_LEVEL: 'silent',
      PAYMENTS_SEED_CATALOGUE: String(seed),
    }),
    { logger: false },
  );
  cleanups.push(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  return stripeFromEnvironment({ STRIPE_SECRET_KEY: 'sk_test_setup', STRIPE_API_URL: server.url });
}

describe('npm run stripe:setup', () => {
  it('creates each plan’s product, its monthly price (lookup_key = plan id) and yearly one (<plan>_yearly), once', async () => {
    const { stripe, target } = await emulator(false);
    expect(target).toMatch(/^http:\/\/localhost:\d+$/);
    const first = await setupCatalogue(stripe, plans);
    expect(first.map((result) => [result.plan, result.period, result.status])).toEqual([
      ['starter', 'month', 'created'],
      ['starter', 'year', 'created'],
      ['pro', 'month', 'created'],
      ['pro', 'year', 'created'],
      ['business', 'month', 'created'],
      ['business', 'year', 'created'],
    ]);
    const keys = plans.flatMap((plan) => [plan.id, `${plan.id}_yearly`]);
    const prices = (await stripe.prices.list({ lookup_keys: keys, expand: ['data.product'] })).data;
    for (const plan of plans) {
      const monthly = prices.find((each) => each.lookup_key === plan.id);
      expect(monthly).toMatchObject({
        unit_amount: plan.unitAmount,
        currency: 'usd',
        recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
        product: { name: plan.name, default_price: monthly?.id, metadata: { plan: plan.id } },
      });
      expect(prices.find((each) => each.lookup_key === `${plan.id}_yearly`)).toMatchObject({
        unit_amount: plan.yearlyUnitAmount,
        recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
        product: { id: monthly?.product.id },
      });
    }

    const second = await setupCatalogue(stripe, plans);
    expect(new Set(second.map((result) => result.status))).toEqual(new Set(['unchanged']));
    expect(second.map((result) => result.price)).toEqual(first.map((result) => result.price));
    expect((await stripe.products.list()).data).toHaveLength(3);
    expect((await stripe.prices.list()).data).toHaveLength(6);
  });

  it('moves the lookup key to a new price when a plan’s amount changes, archiving the old one', async () => {
    const { stripe } = await emulator(false);
    const [before] = await setupCatalogue(stripe, plans.slice(0, 1));
    const [after] = await setupCatalogue(stripe, [{ ...plans[0], unitAmount: 1100 }]);
    expect(after).toMatchObject({ status: 'updated', product: before.product });
    expect(after.price).not.toBe(before.price);
    expect(await stripe.prices.retrieve(before.price)).toMatchObject({ active: false, lookup_key: null });
    expect((await stripe.prices.list({ lookup_keys: ['starter'] })).data.map((price) => price.id)).toEqual([
      after.price,
    ]);
  });

  it('finds the emulator’s seeded catalogue already set up', async () => {
    const { stripe } = await emulator(true);
    const results = await setupCatalogue(stripe, plans);
    expect(results.map((result) => [result.status, result.price])).toEqual([
      ['unchanged', 'price_starter_monthly'],
      ['unchanged', 'price_starter_yearly'],
      ['unchanged', 'price_pro_monthly'],
      ['unchanged', 'price_pro_yearly'],
      ['unchanged', 'price_business_monthly'],
      ['unchanged', 'price_business_yearly'],
    ]);
  });

  it('makes the meter of items created and its metered price once, then finds them', async () => {
    const { stripe } = await emulator(false);
    const first = await setupUsageMeter(stripe);
    expect(await setupUsageMeter(stripe)).toEqual(first);
    const [meter, ...others] = (await stripe.billing.meters.list()).data;
    expect(others).toEqual([]);
    expect(meter).toMatchObject({ event_name: 'items_created', default_aggregation: { formula: 'sum' } });
    const [price] = (await stripe.prices.list({ lookup_keys: ['items_created_metered'] })).data;
    expect(price?.recurring).toMatchObject({ usage_type: 'metered', meter: meter?.id, interval: 'month' });
  });

  it('targets the app’s account: the emulator without a key, Stripe with one', () => {
    expect(stripeFromEnvironment({}).target).toBe('http://localhost:3002');
    expect(stripeFromEnvironment({ PAYMENTS_PORT: '4002' }).target).toBe('http://localhost:4002');
    expect(stripeFromEnvironment({ STRIPE_SECRET_KEY: 'sk_test_real' }).target).toBe('Stripe');
  });

  it('creates the webhook endpoint on the package’s API version, printing its secret once; then finds it ready', async () => {
    const { stripe } = await emulator(false);
    expect(siteOriginOf({ VITE_SITE_URL: 'https://app.example.com' })).toBe('https://app.example.com');
    expect(siteOriginOf({ PORT: '4000' })).toBe('http://localhost:4000');
    const first = await setupWebhook(stripe, 'https://app.example.com');
    expect(first.ok).toBe(true);
    expect(first.lines.join('\n')).toMatch(/created we_\w+[\s\S]*STRIPE_WEBHOOK_SECRET=whsec_\w+/);
    const [endpoint] = (await stripe.webhookEndpoints.list()).data;
    expect(endpoint).toMatchObject({
      url: 'https://app.example.com/api/stripe-webhook',
      api_version: Stripe.API_VERSION,
    });
    const second = await setupWebhook(stripe, 'https://app.example.com');
    expect(second).toEqual({ ok: true, lines: [expect.stringMatching(/is ready\.$/)] });
    expect(second.lines.join('\n')).not.toContain('whsec_');

    // One made without a version (the account's default) is reported with its fix, not replaced.
    await stripe.webhookEndpoints.del(endpoint.id);
    await stripe.webhookEndpoints.create({
      url: 'https://app.example.com/api/stripe-webhook',
      enabled_events: ['*'],
    });
    const wrong = await setupWebhook(stripe, 'https://app.example.com');
    expect(wrong.ok).toBe(false);
    expect(wrong.lines[0]).toContain('delete it in the Stripe dashboard');
    expect((await stripe.webhookEndpoints.list()).data).toHaveLength(1);
  });
});
