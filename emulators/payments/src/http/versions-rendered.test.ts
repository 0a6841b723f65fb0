import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  eventually,
  secretKey,
  startTestPayments,
  startWebhookReceiver,
  subscribeThroughCheckout,
  type TestPayments,
} from '#payments/test/test-payments.ts';
import { apiVersion } from '#payments/webhooks/pinned-api-version.ts';

// The same invoice, subscription and checkout session read in three versions, each checked against
// what Stripe documents for it:
// - docs.stripe.com/changelog/basil/2025-03-31/adds-new-parent-field-to-invoicing-objects
// - docs.stripe.com/changelog/basil/2025-03-31/add-support-for-multiple-partial-payments-on-invoices
// - docs.stripe.com/changelog/basil/2025-03-31/deprecate-subscription-current-period-start-and-end
// - docs.stripe.com/changelog/dahlia/2026-03-25/updates-available-checkout-session-ui-modes

// biome-ignore lint/suspicious/noExplicitAny: each version's shape is read loosely; the SDK types only the pinned one.
type Loose = any;
const older = '2024-06-20';
const basil = '2025-03-31.basil';

let payments: TestPayments;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const clientAt = (version: string) =>
  new Stripe(secretKey, {
    host: '127.0.0.1',
    port: Number(new URL(payments.origin).port),
    protocol: 'http',
    apiVersion: version as never,
    maxNetworkRetries: 0,
  });

beforeAll(async () => {
  payments = await startTestPayments();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await payments.destroy();
});

describe('objects in the version asked for', () => {
  it('puts the subscription of an invoice at the top before basil and under parent from basil', async () => {
    const { subscription } = await subscribeThroughCheckout(payments, { email: 'versions@example.com' });
    const id = String(subscription.latest_invoice);
    const [before, atBasil, pinned] = (await Promise.all(
      [older, basil, apiVersion].map((version) => clientAt(version).invoices.retrieve(id)),
    )) as Loose[];
    expect(before.subscription).toBe(subscription.id);
    expect(before.subscription_details).toEqual({ metadata: {} });
    expect(before).not.toHaveProperty('parent');
    expect(before).toMatchObject({ paid: true, paid_out_of_band: false, payment_intent: null, charge: null });
    const [line] = before.lines.data;
    expect(line).toMatchObject({
      type: 'subscription',
      subscription: subscription.id,
      subscription_item: subscription.items.data[0]?.id,
      proration: false,
      price: { id: 'price_pro_monthly', object: 'price' },
    });
    expect(line).not.toHaveProperty('parent');
    expect(line).not.toHaveProperty('pricing');
    for (const after of [atBasil, pinned]) {
      expect(after).not.toHaveProperty('subscription');
      expect(after).not.toHaveProperty('paid');
      expect(after).not.toHaveProperty('payment_intent');
      expect(after.parent.subscription_details.subscription).toBe(subscription.id);
      expect(after.lines.data[0].parent.subscription_item_details).toMatchObject({
        subscription: subscription.id,
        subscription_item: subscription.items.data[0]?.id,
      });
      expect(after.lines.data[0]).not.toHaveProperty('type');
    }
  });

  it('names the subscription of invoice items and proration lines as each version does', async () => {
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'prorate@example.com',
    });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const updated = await payments.stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 6 }],
      proration_behavior: 'always_invoice',
    });
    const [beforeItems, pinnedItems] = (await Promise.all(
      [older, apiVersion].map((version) => clientAt(version).invoiceItems.list({ customer: customer.id })),
    )) as Loose[];
    expect(beforeItems.data).toHaveLength(2);
    for (const each of beforeItems.data) {
      expect(each).toMatchObject({
        subscription: subscription.id,
        subscription_item: item.id,
        price: { id: 'price_pro_monthly' },
        unit_amount: expect.any(Number),
      });
      expect(each).not.toHaveProperty('parent');
    }
    for (const each of pinnedItems.data) {
      expect(each.parent.subscription_details).toEqual({
        subscription: subscription.id,
        subscription_item: item.id,
      });
      expect(each).not.toHaveProperty('subscription');
    }
    const invoice = (await clientAt(older).invoices.retrieve(String(updated.latest_invoice))) as Loose;
    const prorations = invoice.lines.data.filter((line: Loose) => line.proration);
    expect(prorations).toHaveLength(2);
    for (const line of prorations) {
      expect(line).toMatchObject({
        type: 'invoiceitem',
        subscription: subscription.id,
        subscription_item: item.id,
      });
      expect(beforeItems.data.map((each: Loose) => each.id)).toContain(line.invoice_item);
    }
  });

  it('puts the billing period on the subscription before basil and on its items from basil', async () => {
    const { subscription } = await subscribeThroughCheckout(payments, { email: 'periods@example.com' });
    const item = subscription.items.data[0];
    const [before, atBasil, pinned] = (await Promise.all(
      [older, basil, apiVersion].map((version) => clientAt(version).subscriptions.retrieve(subscription.id)),
    )) as Loose[];
    expect(before.current_period_start).toBe(item?.current_period_start);
    expect(before.current_period_end).toBe(item?.current_period_end);
    expect(before.items.data[0]).not.toHaveProperty('current_period_end');
    for (const after of [atBasil, pinned]) {
      expect(after).not.toHaveProperty('current_period_end');
      expect(after.items.data[0].current_period_end).toBe(item?.current_period_end);
    }
  });

  it('renders lists and expansions in the version too', async () => {
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'lists@example.com',
    });
    const stripe = clientAt(older);
    const expanded = (await stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice'],
    })) as Loose;
    expect(expanded.latest_invoice.subscription).toBe(subscription.id);
    const invoices = (await stripe.invoices.list({ customer: customer.id })) as Loose;
    expect(invoices.data.map((invoice: Loose) => invoice.subscription)).toEqual([subscription.id]);
    const answer = await payments.call('GET', `/v1/subscriptions/${subscription.id}`, {
      headers: { 'Stripe-Version': older },
    });
    expect(answer.headers.get('stripe-version')).toBe(older);
    expect(answer.body.current_period_end).toEqual(expect.any(Number));
  });

  it("expands an invoice's subscription where each version has it", async () => {
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'expand@example.com',
    });
    const id = String(subscription.latest_invoice);
    const before = clientAt(older);
    const invoice = (await before.invoices.retrieve(id, { expand: ['subscription', 'customer'] })) as Loose;
    expect(invoice.subscription).toMatchObject({ id: subscription.id, object: 'subscription' });
    // The expanded subscription is in the version too.
    expect(invoice.subscription.current_period_end).toBe(subscription.items.data[0]?.current_period_end);
    expect(invoice.customer.id).toBe(customer.id);
    const viaSubscription = (await before.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice.subscription.customer'],
    })) as Loose;
    expect(viaSubscription.latest_invoice.subscription.customer.id).toBe(customer.id);
    const listed = (await before.invoices.list({
      customer: customer.id,
      expand: ['data.subscription'],
    })) as Loose;
    expect(listed.data[0].subscription.id).toBe(subscription.id);
    for (const version of [basil, apiVersion]) {
      await expect(
        clientAt(version).invoices.retrieve(id, { expand: ['subscription'] }),
      ).rejects.toMatchObject({
        message: 'This property cannot be expanded (subscription).',
      });
      const atParent = (await clientAt(version).invoices.retrieve(id, {
        expand: ['parent.subscription_details.subscription'],
      })) as Loose;
      expect(atParent.parent.subscription_details.subscription.id).toBe(subscription.id);
    }
    await expect(before.invoices.retrieve(id, { expand: ['subscription.nothing'] })).rejects.toMatchObject({
      message: 'This property cannot be expanded (subscription.nothing).',
    });
  });

  it('names the hosted page in each version’s words, in answers and in requests', async () => {
    const [before, atBasil, pinned] = (await Promise.all(
      [older, basil, apiVersion].map((version) =>
        createSession(clientAt(version), {
          ui_mode: (version === apiVersion ? 'hosted_page' : 'hosted') as never,
        }),
      ),
    )) as Loose[];
    expect(before.ui_mode).toBe('hosted');
    expect(before.shipping_details).toBeNull();
    expect(atBasil.ui_mode).toBe('hosted');
    expect(atBasil).not.toHaveProperty('shipping_details');
    expect(pinned.ui_mode).toBe('hosted_page');
    expect((await clientAt(older).checkout.sessions.retrieve(pinned.id)).ui_mode).toBe('hosted');
    await expect(createSession(clientAt(older), { ui_mode: 'hosted_page' })).rejects.toMatchObject({
      param: 'ui_mode',
    });
    await expect(createSession(clientAt(apiVersion), { ui_mode: 'hosted' as never })).rejects.toMatchObject({
      param: 'ui_mode',
    });
    // Elements came with basil as `custom`: not a value before it, and refused by the emulator in either.
    await expect(createSession(clientAt(older), { ui_mode: 'custom' as never })).rejects.toMatchObject({
      param: 'ui_mode',
      message: 'Invalid ui_mode: must be one of hosted, embedded',
    });
    await expect(createSession(clientAt(basil), { ui_mode: 'custom' as never })).rejects.toMatchObject({
      param: 'ui_mode',
    });
  });

  it('refuses a real version older than it renders, rather than answering in another shape', async () => {
    for (const version of ['2024-04-10', '2011-01-01', '2025-03-01.dashboard']) {
      const answer = await payments.call('GET', '/v1/customers', { headers: { 'Stripe-Version': version } });
      expect(answer.status, version).toBe(400);
      expect(answer.body.error).toEqual({
        type: 'invalid_request_error',
        message: `The payments emulator does not render API version ${version}. Update your API version, or set the API Version of this request to 2024-06-20 or greater (up to ${apiVersion}).`,
      });
      expect(answer.headers.get('stripe-version')).toBe(apiVersion);
    }
    await expect(
      payments.stripe.webhookEndpoints.create({
        url: receiver.url,
        enabled_events: ['*'],
        api_version: '2024-04-10' as never,
      }),
    ).rejects.toMatchObject({ param: 'api_version' });
  });
});

describe('events in the version of their endpoint', () => {
  it("renders data.object and previous_attributes in the endpoint's api_version and says so", async () => {
    const { stripe } = payments;
    const endpoints = await Promise.all(
      [older, basil].map((version) =>
        stripe.webhookEndpoints.create({
          url: `${receiver.url}?v=${version}`,
          enabled_events: ['invoice.paid', 'customer.subscription.updated'],
          api_version: version as never,
        }),
      ),
    );
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'hooks-v@example.com',
    });
    await payments.advanceClock(customer.id, 32 * 86_400);
    const received = (version: string, type: string) =>
      receiver.received
        .filter((each) => each.body.includes(customer.id))
        .map((each) => JSON.parse(each.body) as Loose)
        .filter((event) => event.api_version === version && event.type === type);
    await eventually(() => {
      for (const version of [older, basil]) {
        expect(received(version, 'invoice.paid').length).toBeGreaterThanOrEqual(2);
        expect(received(version, 'customer.subscription.updated').length).toBeGreaterThanOrEqual(1);
      }
    });
    expect(received(older, 'invoice.paid')[0].data.object.subscription).toBe(subscription.id);
    expect(received(basil, 'invoice.paid')[0].data.object.parent.subscription_details.subscription).toBe(
      subscription.id,
    );
    const renewal = (version: string) =>
      received(version, 'customer.subscription.updated').find(
        (event) => event.data.previous_attributes.current_period_end || event.data.previous_attributes.items,
      );
    const beforeBasil = renewal(older);
    expect(beforeBasil.data.previous_attributes.current_period_end).toBe(
      subscription.items.data[0]?.current_period_end,
    );
    expect(beforeBasil.data.object.current_period_start).toBe(subscription.items.data[0]?.current_period_end);
    const fromBasil = renewal(basil);
    expect(fromBasil.data.previous_attributes).not.toHaveProperty('current_period_end');
    expect(fromBasil.data.previous_attributes.items.data[0].current_period_end).toBe(
      subscription.items.data[0]?.current_period_end,
    );
    // The stored event keeps the version it was made in, the account's default.
    expect((await stripe.events.retrieve(beforeBasil.id)).api_version).toBe(apiVersion);
    for (const endpoint of endpoints) await stripe.webhookEndpoints.del(endpoint.id);
  });
});
