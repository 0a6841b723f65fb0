import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscribeThroughCheckout, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();
const day = 24 * 60 * 60;
let names = 0;

/** A meter with an event name of its own (event names are unique per account). */
async function newMeter(formula: 'sum' | 'count' = 'sum') {
  names += 1;
  return payments.stripe.billing.meters.create({
    display_name: 'Items created',
    event_name: `items_created_${names}`,
    default_aggregation: { formula },
  });
}

/** A metered price on `meter` (5 cents a unit), on a product of its own. */
async function meteredPrice(meter: Stripe.Billing.Meter) {
  const product = await payments.stripe.products.create({ name: 'Items' });
  return payments.stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 5,
    recurring: { interval: 'month', usage_type: 'metered', meter: meter.id },
  });
}

const minute = (seconds: number) => Math.floor(seconds / 60) * 60;

describe('billing meters', () => {
  it('creates a meter in Stripe’s shape, updates its name, deactivates, reactivates and lists it', async () => {
    const { stripe } = payments;
    const meter = await newMeter();
    expect(meter).toMatchObject({
      object: 'billing.meter',
      customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
      default_aggregation: { formula: 'sum' },
      display_name: 'Items created',
      event_time_window: null,
      livemode: false,
      status: 'active',
      status_transitions: { deactivated_at: null },
      value_settings: { event_payload_key: 'value' },
    });
    expect(meter.id).toMatch(/^mtr_/);
    expect((await stripe.billing.meters.update(meter.id, { display_name: 'Items' })).display_name).toBe(
      'Items',
    );
    const off = await stripe.billing.meters.deactivate(meter.id);
    expect(off.status).toBe('inactive');
    expect(off.status_transitions.deactivated_at).toEqual(expect.any(Number));
    expect((await stripe.billing.meters.list({ status: 'inactive' })).data.map((each) => each.id)).toContain(
      meter.id,
    );
    await expect(
      stripe.billing.meterEvents.create({
        event_name: meter.event_name,
        payload: { stripe_customer_id: (await stripe.customers.create({})).id, value: '1' },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const on = await stripe.billing.meters.reactivate(meter.id);
    expect(on).toMatchObject({ status: 'active', status_transitions: { deactivated_at: null } });
    expect(await stripe.billing.meters.retrieve(meter.id)).toEqual(on);
    await expect(
      stripe.billing.meters.create({
        display_name: 'Again',
        event_name: meter.event_name,
        default_aggregation: { formula: 'sum' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'event_name' });
  });

  it('requires a meter of a metered price, and shows it on the price', async () => {
    const { stripe } = payments;
    const meter = await newMeter();
    const price = await meteredPrice(meter);
    expect(price.recurring).toMatchObject({ usage_type: 'metered', meter: meter.id, interval: 'month' });
    const product = await stripe.products.create({ name: 'No meter' });
    await expect(
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 5,
        recurring: { interval: 'month', usage_type: 'metered' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'recurring[meter]' });
    const listed = await stripe.prices.list({ recurring: { usage_type: 'metered' }, limit: 100 });
    expect(listed.data.map((each) => each.id)).toContain(price.id);
  });
});

describe('meter events and their summaries', () => {
  it('keeps an event once per identifier, and refuses timestamps outside Stripe’s window', async () => {
    const { stripe } = payments;
    const meter = await newMeter();
    const customer = await stripe.customers.create({ email: 'usage@example.com' });
    const now = Math.floor(Date.now() / 1000);
    const event = await stripe.billing.meterEvents.create({
      event_name: meter.event_name,
      payload: { stripe_customer_id: customer.id, value: '3' },
      identifier: 'item-1',
      timestamp: now,
    });
    expect(event).toEqual({
      object: 'billing.meter_event',
      created: expect.any(Number),
      event_name: meter.event_name,
      identifier: 'item-1',
      livemode: false,
      payload: { stripe_customer_id: customer.id, value: '3' },
      timestamp: now,
    });
    const again = stripe.billing.meterEvents.create({
      event_name: meter.event_name,
      payload: { stripe_customer_id: customer.id, value: '3' },
      identifier: 'item-1',
    });
    await expect(again).rejects.toMatchObject({ statusCode: 400, param: 'identifier' });
    for (const [timestamp, code] of [
      [now - 36 * day, 'timestamp_too_far_in_past'],
      [now + 10 * 60, 'timestamp_in_future'],
    ] as const) {
      const refused = stripe.billing.meterEvents.create({
        event_name: meter.event_name,
        payload: { stripe_customer_id: customer.id, value: '1' },
        timestamp,
      });
      await expect(refused).rejects.toMatchObject({ statusCode: 400, code, param: 'timestamp' });
    }
    const summaries = await stripe.billing.meters.listEventSummaries(meter.id, {
      customer: customer.id,
      start_time: minute(now) - 3600,
      end_time: minute(now) + 3600,
    });
    expect(summaries.data).toEqual([
      {
        id: expect.stringMatching(/^mtrusg_/),
        object: 'billing.meter_event_summary',
        aggregated_value: 3,
        start_time: minute(now) - 3600,
        end_time: minute(now) + 3600,
        livemode: false,
        meter: meter.id,
      },
    ]);
  });

  it('sums or counts per the meter’s formula, per hour or day when asked, newest first', async () => {
    const { stripe } = payments;
    const sum = await newMeter('sum');
    const count = await newMeter('count');
    const customer = await stripe.customers.create({ email: 'hours@example.com' });
    const hourStart = Math.floor(Date.now() / 1000 / 3600) * 3600 - 3 * 3600;
    const times = [hourStart + 10, hourStart + 20, hourStart + 3600 + 5];
    for (const [index, timestamp] of times.entries()) {
      for (const meter of [sum, count]) {
        await stripe.billing.meterEvents.create({
          event_name: meter.event_name,
          payload: { stripe_customer_id: customer.id, value: String(index + 2) },
          timestamp,
        });
      }
    }
    const range = { customer: customer.id, start_time: hourStart, end_time: hourStart + 3 * 3600 };
    const hourly = await stripe.billing.meters.listEventSummaries(sum.id, {
      ...range,
      value_grouping_window: 'hour',
    });
    expect(hourly.data.map((each) => [each.start_time - hourStart, each.aggregated_value])).toEqual([
      [3600, 4],
      [0, 5],
    ]);
    const counted = await stripe.billing.meters.listEventSummaries(count.id, range);
    expect(counted.data.map((each) => each.aggregated_value)).toEqual([3]);
    const daily = await stripe.billing.meters.listEventSummaries(sum.id, {
      ...range,
      value_grouping_window: 'day',
    });
    expect(daily.data.reduce((total, each) => total + each.aggregated_value, 0)).toBe(9);
    await expect(
      stripe.billing.meters.listEventSummaries(sum.id, { ...range, start_time: hourStart + 1 }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'start_time' });
  });
});

describe('metered items on invoices', () => {
  it('bills the period’s usage at its end, and shows the usage so far in the preview', async () => {
    const { stripe } = payments;
    const meter = await newMeter();
    const price = await meteredPrice(meter);
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'metered@example.com',
    });
    const item = await stripe.subscriptionItems.create({ subscription: subscription.id, price: price.id });
    expect(item).toMatchObject({ object: 'subscription_item', subscription: subscription.id });
    expect(item.price).toMatchObject({ id: price.id, recurring: { usage_type: 'metered', meter: meter.id } });
    expect(item.quantity).toBeUndefined();
    const withItem = await stripe.subscriptions.retrieve(subscription.id);
    expect(withItem.items.data.map((each) => each.price.id)).toEqual([
      subscription.items.data[0]?.price.id,
      price.id,
    ]);
    for (const value of ['2', '5']) {
      await stripe.billing.meterEvents.create({
        event_name: meter.event_name,
        payload: { stripe_customer_id: customer.id, value },
      });
    }
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    const usageLine = (invoice: Stripe.Invoice) =>
      invoice.lines.data.find((line) => line.pricing?.price_details?.price === price.id);
    expect(usageLine(preview)).toMatchObject({ quantity: 7, amount: 35 });

    await payments.advanceClock(customer.id, 32 * day);
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 1 });
    const renewal = invoices.data[0];
    expect(renewal?.billing_reason).toBe('subscription_cycle');
    expect(renewal && usageLine(renewal)).toMatchObject({ quantity: 7, amount: 35 });
    // Billed once: the next period starts from nothing.
    const next = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    expect(usageLine(next)).toMatchObject({ quantity: 0, amount: 0 });
  });
});
