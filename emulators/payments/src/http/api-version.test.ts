import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { secretKey, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const withVersion = (version: string) =>
  payments.call('GET', '/v1/customers', { headers: { 'Stripe-Version': version } });

describe('Stripe-Version', () => {
  it('answers the pinned version, sent or not, and says so', async () => {
    for (const headers of [{}, { 'Stripe-Version': '2026-10-28.endive' }] as Record<string, string>[]) {
      const answer = await payments.call('GET', '/v1/customers', { headers });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('stripe-version')).toBe('2026-10-28.endive');
    }
    // The SDK sends its pinned version on every request.
    const port = Number(new URL(payments.origin).port);
    const pinned = new Stripe(secretKey, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      apiVersion: '2026-10-28.endive',
    });
    expect((await pinned.customers.list()).object).toBe('list');
  });

  it('refuses a version Stripe never had exactly as Stripe does', async () => {
    for (const version of ['1999-01-01', '2019-2-19', 'latest', '2026-10-28.endive, 2026-10-28.endive']) {
      const answer = await withVersion(version);
      expect(answer.status, version).toBe(400);
      expect(answer.body).toEqual({
        error: { type: 'invalid_request_error', message: `Invalid Stripe API version: ${version}` },
      });
      expect(answer.headers.get('stripe-version')).toBe('2026-10-28.endive');
    }
  });

  it('accepts a real older version it renders, and says which version it answered', async () => {
    for (const version of ['2024-06-20', '2025-03-31.basil']) {
      const answer = await withVersion(version);
      expect(answer.status, version).toBe(200);
      expect(answer.headers.get('stripe-version')).toBe(version);
      expect(answer.body.object).toBe('list');
    }
    const port = Number(new URL(payments.origin).port);
    const older = new Stripe(secretKey, {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      apiVersion: '2025-03-31.basil' as never,
      maxNetworkRetries: 0,
    });
    const customer = await older.customers.create({ email: 'older@example.com' });
    expect(customer.object).toBe('customer');
  });

  it("checks a webhook endpoint's api_version the same way", async () => {
    const { stripe } = payments;
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:1/hook',
      enabled_events: ['*'],
      api_version: '2026-10-28.endive',
    });
    expect(endpoint.api_version).toBe('2026-10-28.endive');
    await expect(
      stripe.webhookEndpoints.create({
        url: 'http://127.0.0.1:1/hook',
        enabled_events: ['*'],
        api_version: '1999-01-01' as never,
      }),
    ).rejects.toMatchObject({ param: 'api_version', message: 'Invalid Stripe API version: 1999-01-01' });
  });

  it('leaves the emulator-only endpoints alone', async () => {
    const answer = await payments.call('GET', '/emulator/webhook-deliveries', {
      headers: { 'Stripe-Version': '1999-01-01' },
    });
    expect(answer.status).toBe(200);
  });
});
