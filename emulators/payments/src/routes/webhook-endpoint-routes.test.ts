import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  startTestPayments,
  startWebhookReceiver,
  type TestPayments,
} from '#payments/test/test-payments.ts';

const verifier = new Stripe('sk_test_verifier');
let payments: TestPayments;
let older: Awaited<ReturnType<typeof startWebhookReceiver>>;
let current: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  payments = await startTestPayments();
  older = await startWebhookReceiver();
  current = await startWebhookReceiver();
});
afterAll(async () => {
  await payments.destroy();
  await older.close();
  await current.close();
});

describe('webhook endpoints', () => {
  it("sends each endpoint the event in its api_version, the account's default when it has none", async () => {
    const { stripe } = payments;
    const basil = await stripe.webhookEndpoints.create({
      url: older.url,
      enabled_events: ['customer.created'],
      api_version: '2025-03-31.basil',
    });
    expect(basil).toMatchObject({ api_version: '2025-03-31.basil', status: 'enabled' });
    const unpinned = await stripe.webhookEndpoints.create({ url: current.url, enabled_events: ['*'] });
    // As in Stripe, an endpoint made without one says null: it follows the account's default version.
    expect(unpinned.api_version).toBeNull();

    const customer = await stripe.customers.create({ email: 'versions@example.com' });
    const [fromOlder] = await eventually(() => {
      expect(older.received).toHaveLength(1);
      return older.received;
    });
    const [fromCurrent] = await eventually(() => {
      expect(current.received.length).toBeGreaterThanOrEqual(1);
      return current.received;
    });
    const read = (delivery: typeof fromOlder, secret: string) =>
      verifier.webhooks.constructEvent(
        delivery?.body ?? '',
        String(delivery?.headers['stripe-signature']),
        secret,
      );
    const olderEvent = read(fromOlder, basil.secret ?? '');
    const currentEvent = read(fromCurrent, unpinned.secret ?? '');
    expect(olderEvent).toMatchObject({ type: 'customer.created', api_version: '2025-03-31.basil' });
    expect(currentEvent).toMatchObject({ id: olderEvent.id, api_version: '2026-10-28.endive' });
    expect(olderEvent.data.object).toMatchObject({ id: customer.id });
    // Through the API an event is in the account's default version.
    expect((await stripe.events.retrieve(olderEvent.id)).api_version).toBe('2026-10-28.endive');
  });

  it('updates url, events, description, metadata and disabled; a disabled endpoint is sent nothing', async () => {
    const { stripe } = payments;
    const endpoint = await stripe.webhookEndpoints.create({
      url: 'http://127.0.0.1:1/first',
      enabled_events: ['invoice.paid'],
      api_version: '2026-10-28.endive',
    });
    const updated = await stripe.webhookEndpoints.update(endpoint.id, {
      url: 'http://127.0.0.1:1/second',
      enabled_events: ['customer.created', 'invoice.paid'],
      description: 'Product',
      metadata: { owner: 'billing' },
      disabled: true,
    });
    expect(updated).toMatchObject({
      url: 'http://127.0.0.1:1/second',
      enabled_events: ['customer.created', 'invoice.paid'],
      description: 'Product',
      metadata: { owner: 'billing' },
      status: 'disabled',
      api_version: '2026-10-28.endive',
    });
    expect(updated.secret).toBeUndefined();
    expect((await stripe.webhookEndpoints.retrieve(endpoint.id)).status).toBe('disabled');
    expect((await stripe.webhookEndpoints.list()).data.map((each) => each.id)).toContain(endpoint.id);

    // Deliveries are made when the event is: none for the disabled endpoint.
    const customer = await stripe.customers.create({ email: 'disabled@example.com' });
    const [event] = (await stripe.events.list({ type: 'customer.created', limit: 1 })).data;
    expect(event?.data.object).toMatchObject({ id: customer.id });
    const deliveries = await payments.deliveries(event?.id);
    expect(deliveries.map((delivery) => delivery.endpoint)).not.toContain(endpoint.id);

    expect((await stripe.webhookEndpoints.update(endpoint.id, { disabled: false })).status).toBe('enabled');
    // The version is fixed when the endpoint is made, as in Stripe.
    await expect(
      stripe.webhookEndpoints.update(endpoint.id, { api_version: '2025-03-31.basil' } as never),
    ).rejects.toMatchObject({ code: 'parameter_unknown', param: 'api_version' });
    await expect(stripe.webhookEndpoints.update(endpoint.id, { url: 'not a url' })).rejects.toMatchObject({
      param: 'url',
    });
    await expect(stripe.webhookEndpoints.update('we_missing', { disabled: true })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await stripe.webhookEndpoints.del(endpoint.id)).toMatchObject({ deleted: true });
  });
});
