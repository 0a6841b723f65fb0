import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createSession, subscribeThroughCheckout, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const day = 24 * 60 * 60;

async function buy(card: string, trialDays?: number) {
  const bought = await subscribeThroughCheckout(payments, { email: 'clock@example.com', card, trialDays });
  return { customer: bought.customer.id, subscription: bought.subscription };
}

const typesAfter = async (customer: string, since: string | undefined) => {
  const events = (await payments.stripe.events.list({ limit: 100 })).data.reverse();
  // Test clock events concern no customer; leave them out.
  const start = since ? events.findIndex((event) => event.id === since) + 1 : 0;
  return events
    .slice(start)
    .filter((event) => (event.data.object as { customer?: string }).customer === customer)
    .map((event) => event.type);
};
const latestEventId = async () => (await payments.stripe.events.list({ limit: 1 })).data[0]?.id;

describe('billing over time, on test clocks', () => {
  it('ends a trial with a paid invoice: trialing → active, a new month-long period', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4242 4242 4242 4242', 14);
    const since = await latestEventId();
    const before = await payments.advanceClock(customer, 13 * day);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('trialing');

    const after = await payments.advanceClock(customer, 2 * day);
    expect(after.now - before.now).toBe(2 * day);
    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(active.status).toBe('active');
    expect(active.latest_invoice).toMatchObject({
      status: 'paid',
      amount_paid: 6000,
      billing_reason: 'subscription_cycle',
      created: subscription.trial_end,
    });
    const item = active.items.data[0];
    expect(item?.current_period_start).toBe(subscription.trial_end);
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBeGreaterThanOrEqual(
      28 * day,
    );
    expect(await typesAfter(customer, since)).toEqual([
      'customer.subscription.trial_will_end',
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    const trialWillEnd = (
      await stripe.events.list({ type: 'customer.subscription.trial_will_end', limit: 1 })
    ).data[0];
    expect(trialWillEnd?.data.object).toMatchObject({ id: subscription.id, status: 'trialing' });
    const updated = (await stripe.events.list({ type: 'customer.subscription.updated', limit: 1 })).data[0];
    expect(updated?.data.previous_attributes).toMatchObject({ status: 'trialing' });
  });

  it('fails the charge at trial end for 4000 0000 0000 0341: past_due and invoice.payment_failed', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4000 0000 0000 0341', 7);
    const since = await latestEventId();
    await payments.advanceClock(customer, 7 * day + 60);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(pastDue.status).toBe('past_due');
    expect(pastDue.latest_invoice).toMatchObject({
      status: 'open',
      amount_paid: 0,
      amount_due: 6000,
      attempt_count: 1,
    });
    expect(await typesAfter(customer, since)).toEqual([
      'customer.subscription.trial_will_end',
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect((pastDue.latest_invoice as Stripe.Invoice).next_payment_attempt).toBe(
      (subscription.trial_end ?? 0) + 3 * day,
    );
  });

  it('tries a failed renewal again 3, 5 and 7 days apart, then cancels the subscription', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4000 0000 0000 0341', 7);
    const trialEnd = subscription.trial_end ?? 0;
    await payments.advanceClock(customer, 7 * day + 60);
    const since = await latestEventId();
    const invoiceNow = async () =>
      (await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] }))
        .latest_invoice as Stripe.Invoice;
    // Each try fails, and says when the next one is.
    for (const [wait, attempts, next] of [
      [3, 2, trialEnd + 8 * day],
      [5, 3, trialEnd + 15 * day],
    ] as const) {
      await payments.advanceClock(customer, wait * day);
      expect(await invoiceNow()).toMatchObject({
        status: 'open',
        attempt_count: attempts,
        next_payment_attempt: next,
      });
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    }
    await payments.advanceClock(customer, 7 * day);
    const ended = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(ended.status).toBe('canceled');
    expect(ended.cancellation_details?.reason).toBe('payment_failed');
    expect(ended.latest_invoice).toMatchObject({
      status: 'open',
      attempt_count: 4,
      next_payment_attempt: null,
    });
    expect(await typesAfter(customer, since)).toEqual([
      'invoice.payment_failed',
      'invoice.payment_failed',
      'invoice.payment_failed',
      'customer.subscription.deleted',
    ]);
  });

  it('renews every month with a new invoice, one per period even across a long jump', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4242 4242 4242 4242');
    const firstEnd = subscription.items.data[0]?.current_period_end ?? 0;
    const { now } = await payments.advanceClock(customer, 95 * day);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    const item = renewed.items.data[0];
    expect(item?.current_period_start).toBeGreaterThan(firstEnd - 1);
    expect(item?.current_period_start).toBeLessThanOrEqual(now);
    expect(item?.current_period_end).toBeGreaterThan(now);
    const invoices = (await stripe.invoices.list({ customer })).data;
    expect(invoices.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_cycle',
      'subscription_cycle',
      'subscription_create',
    ]);
    expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
    expect(invoices[3]?.period_end).toBe(invoices[2]?.period_start);
  });

  it('bills the new plan and seats at the next renewal (proration_behavior none)', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4242 4242 4242 4242');
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]?.id, price: 'price_starter_monthly', quantity: 2 }],
      proration_behavior: 'none',
    });
    await payments.advanceClock(customer, 31 * day);
    const [latest] = (await stripe.invoices.list({ customer, limit: 1 })).data;
    expect(latest).toMatchObject({ amount_paid: 1800, lines: { data: [{ quantity: 2 }] } });
  });

  it('cancels at period end: canceled with customer.subscription.deleted when the period ends', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4242 4242 4242 4242');
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const since = await latestEventId();
    await payments.advanceClock(customer, 10 * day);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await payments.advanceClock(customer, 25 * day);
    const canceled = await stripe.subscriptions.retrieve(subscription.id);
    expect(canceled).toMatchObject({
      status: 'canceled',
      ended_at: subscription.items.data[0]?.current_period_end,
    });
    expect(await typesAfter(customer, since)).toEqual(['customer.subscription.deleted']);
    expect((await stripe.invoices.list({ customer })).data).toHaveLength(1);
  });

  it('keeps other customers on their own time', async () => {
    const { stripe } = payments;
    const first = await buy('4242 4242 4242 4242', 3);
    const second = await buy('4242 4242 4242 4242', 3);
    await payments.advanceClock(first.customer, 4 * day);
    expect((await stripe.subscriptions.retrieve(first.subscription.id)).status).toBe('active');
    expect((await stripe.subscriptions.retrieve(second.subscription.id)).status).toBe('trialing');
    const clock = await payments.call('GET', `/emulator/clock?customer=${second.customer}`);
    expect(clock.body.now).toBeLessThan(Date.now() / 1000 + 60);
  });

  it('keeps the deprecated /emulator/clock/advance as an alias over a test clock', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await buy('4242 4242 4242 4242', 3);
    const answer = await payments.call('POST', '/emulator/clock/advance', {
      body: { customer, seconds: 100 * day },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('deprecation')).toBe('true');
    const attached = (await stripe.customers.retrieve(customer)) as Stripe.Customer;
    expect(answer.body).toMatchObject({ customer, test_clock: attached.test_clock, now: expect.any(Number) });
    const clock = await stripe.testHelpers.testClocks.retrieve(String(attached.test_clock));
    expect(clock.frozen_time).toBe(answer.body.now);
    // 100 days went by in steps Stripe accepts: the trial's invoice for 0, its end and three renewals.
    expect((await stripe.invoices.list({ customer })).data).toHaveLength(5);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('answers Stripe-shaped errors for bad clock requests', async () => {
    const { customer } = await buy('4242 4242 4242 4242');
    const cases: [object | string, string, string][] = [
      [{ seconds: 10 }, 'parameter_missing', 'customer'],
      [{ customer }, 'parameter_missing', 'seconds'],
      [{ customer, seconds: -5 }, 'parameter_invalid_string', 'seconds'],
      [{ customer, seconds: 'soon' }, 'parameter_invalid_string', 'seconds'],
      [{ customer, seconds: 1.5 }, 'parameter_invalid_string', 'seconds'],
      [{ customer, seconds: 10, extra: 1 }, 'parameter_unknown', 'extra'],
      [{ customer: 'cus_nobody', seconds: 10 }, 'resource_missing', 'customer'],
    ];
    for (const [body, code, param] of cases) {
      const answer = await payments.call('POST', '/emulator/clock/advance', { body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
    }
    const form = await payments.call('POST', '/emulator/clock/advance', {
      body: `customer=${customer}&seconds=60`,
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ customer, now: expect.any(Number) });
    const noKey = await payments.call('POST', '/emulator/clock/advance', {
      body: { customer, seconds: 1 },
      key: null,
    });
    expect(noKey.status).toBe(401);
  });
});

describe("Stripe's test clocks API", () => {
  it('creates, retrieves, lists, advances and deletes a clock, with its events', async () => {
    const { stripe } = payments;
    const start = Math.floor(Date.UTC(2030, 0, 31, 12) / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: 'Renewals' });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      frozen_time: start,
      name: 'Renewals',
      status: 'ready',
      livemode: false,
      deletes_after: clock.created + 7 * day,
    });
    expect(clock.id).toMatch(/^clock_/);
    expect((await stripe.testHelpers.testClocks.list({ limit: 100 })).data.map((each) => each.id)).toContain(
      clock.id,
    );

    const customer = await stripe.customers.create({ email: 'clocked@example.com', test_clock: clock.id });
    expect(customer).toMatchObject({ test_clock: clock.id, created: start });
    const session = await createSession(stripe, { customer: customer.id });
    expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    // Everything under the customer lives on the clock's time: Jan 31 → Feb 28 → Mar 31.
    expect(subscription).toMatchObject({ start_date: start, test_clock: clock.id });
    expect(subscription?.items.data[0]?.current_period_end).toBe(Date.UTC(2030, 1, 28, 12) / 1000);

    // Stripe refuses to go back, or further than two intervals of the shortest subscription.
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start - 1 }),
    ).rejects.toMatchObject({
      statusCode: 400,
      param: 'frozen_time',
    });
    await expect(
      stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 70 * day }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'frozen_time' });

    const advancing = await stripe.testHelpers.testClocks.advance(clock.id, {
      frozen_time: start + 31 * day,
    });
    expect(advancing).toMatchObject({
      status: 'advancing',
      frozen_time: start,
      status_details: { advancing: { target_frozen_time: start + 31 * day } },
    });
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toMatchObject({
      status: 'ready',
      frozen_time: start + 31 * day,
    });
    const invoices = (await stripe.invoices.list({ customer: customer.id })).data;
    expect(invoices.map((invoice) => [invoice.billing_reason, invoice.created, invoice.test_clock])).toEqual([
      ['subscription_cycle', Date.UTC(2030, 1, 28, 12) / 1000, clock.id],
      ['subscription_create', start, clock.id],
    ]);
    const clockEvents = (await stripe.events.list({ type: 'test_helpers.test_clock.*', limit: 10 })).data
      .filter((event) => (event.data.object as { id: string }).id === clock.id)
      .map((event) => event.type)
      .reverse();
    expect(clockEvents).toEqual([
      'test_helpers.test_clock.created',
      'test_helpers.test_clock.advancing',
      'test_helpers.test_clock.ready',
    ]);

    // Lists leave out what lives on a clock unless asked by clock (or, for subscriptions, customer).
    expect((await stripe.customers.list({ email: 'clocked@example.com' })).data).toEqual([]);
    expect((await stripe.customers.list({ test_clock: clock.id })).data.map((each) => each.id)).toEqual([
      customer.id,
    ]);
    const listed = (await stripe.subscriptions.list({ limit: 100 })).data.map((each) => each.id);
    expect(listed).not.toContain(subscription?.id);
    expect((await stripe.subscriptions.list({ test_clock: clock.id })).data.map((each) => each.id)).toEqual([
      subscription?.id,
    ]);

    expect(await stripe.testHelpers.testClocks.del(clock.id)).toEqual({
      id: clock.id,
      object: 'test_helpers.test_clock',
      deleted: true,
    });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ deleted: true });
    expect((await stripe.subscriptions.retrieve(subscription?.id ?? '')).status).toBe('canceled');
    await expect(stripe.testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
    });
  });

  it('attaches an existing customer to a new clock, once', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'attach@example.com' });
    const now = Math.floor(Date.now() / 1000);
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: now, customer: customer.id });
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ test_clock: clock.id });
    await expect(
      stripe.testHelpers.testClocks.create({ frozen_time: now, customer: customer.id }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'customer' });
    await expect(stripe.customers.create({ test_clock: 'clock_nope' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'test_clock',
    });
  });

  it('sends trial_will_end at once for a trial shorter than three days', async () => {
    const { customer, subscription } = await buy('4242 4242 4242 4242', 2);
    const events = (
      await payments.stripe.events.list({ type: 'customer.subscription.trial_will_end', limit: 1 })
    ).data[0];
    expect(events?.data.object).toMatchObject({ id: subscription.id, customer });
  });
});
