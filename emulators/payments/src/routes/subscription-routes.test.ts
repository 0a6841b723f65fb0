import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { subscribeThroughCheckout, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

/** A customer who bought Pro (5 seats) through checkout with the given card. */
const subscribedCustomer = (card?: string, trialDays?: number) =>
  subscribeThroughCheckout(payments, { email: 'sub@example.com', card, trialDays });

const lastEvent = async (type: string) => (await payments.stripe.events.list({ type, limit: 1 })).data[0];

describe('subscriptions', () => {
  it('updates the plan and seats through items[0], with customer.subscription.updated', async () => {
    const { stripe } = payments;
    const { subscription } = await subscribedCustomer();
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_business_monthly', quantity: 12 }],
      proration_behavior: 'none',
      metadata: { changed: 'yes' },
    });
    expect(updated.items.data[0]).toMatchObject({
      id: item.id,
      quantity: 12,
      price: { id: 'price_business_monthly' },
    });
    expect(updated.metadata).toEqual({ changed: 'yes' });
    const event = await lastEvent('customer.subscription.updated');
    expect(event?.data.object).toMatchObject({ id: subscription.id });
    expect(event?.data.previous_attributes).toMatchObject({
      items: { data: [{ quantity: 5, price: { id: 'price_pro_monthly' } }] },
      metadata: {},
    });
    expect(event?.request?.id).toMatch(/^req_/);

    // `quantity` alone changes the one item too.
    const seats = await stripe.subscriptions.update(subscription.id, { quantity: 3 } as never);
    expect(seats.items.data[0]?.quantity).toBe(3);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.quantity).toBe(3);
  });

  it('moves a trial’s end with trial_end (the period with it), and refuses a past one or a subscription not trialing', async () => {
    const { stripe } = payments;
    const { subscription } = await subscribedCustomer(undefined, 14);
    const oldEnd = subscription.trial_end as number;
    const newEnd = oldEnd + 7 * 86_400;
    const extended = await stripe.subscriptions.update(subscription.id, {
      trial_end: newEnd,
      proration_behavior: 'none',
    });
    expect(extended).toMatchObject({ status: 'trialing', trial_end: newEnd });
    expect(extended.items.data[0]?.current_period_end).toBe(newEnd);
    expect((await lastEvent('customer.subscription.updated'))?.data.previous_attributes).toMatchObject({
      trial_end: oldEnd,
    });
    await expect(stripe.subscriptions.update(subscription.id, { trial_end: 1_000 })).rejects.toMatchObject({
      message: 'Invalid timestamp: must be an integer Unix timestamp in the future.',
      param: 'trial_end',
    });
    const { subscription: paying } = await subscribedCustomer();
    await expect(stripe.subscriptions.update(paying.id, { trial_end: newEnd })).rejects.toMatchObject({
      param: 'trial_end',
    });
  });

  it('schedules and undoes cancellation at period end', async () => {
    const { stripe } = payments;
    const { subscription } = await subscribedCustomer();
    const periodEnd = subscription.items.data[0]?.current_period_end;
    const scheduled = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: periodEnd });
    expect(scheduled.canceled_at).toEqual(expect.any(Number));
    expect((await lastEvent('customer.subscription.updated'))?.data.previous_attributes).toMatchObject({
      cancel_at_period_end: false,
      cancel_at: null,
    });
    const undone = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null, canceled_at: null });
  });

  it('cancels now: canceled, ended_at, customer.subscription.deleted; then only metadata may change', async () => {
    const { stripe } = payments;
    const { subscription } = await subscribedCustomer();
    const canceled = await stripe.subscriptions.cancel(subscription.id, {
      cancellation_details: { comment: 'too pricey', feedback: 'too_expensive' },
    });
    expect(canceled).toMatchObject({
      status: 'canceled',
      cancellation_details: {
        reason: 'cancellation_requested',
        comment: 'too pricey',
        feedback: 'too_expensive',
      },
    });
    expect(canceled.ended_at).toEqual(canceled.canceled_at);
    const event = await lastEvent('customer.subscription.deleted');
    expect(event?.data.object).toMatchObject({ id: subscription.id, status: 'canceled' });

    await expect(
      stripe.subscriptions.update(subscription.id, { quantity: 2 } as never),
    ).rejects.toMatchObject({
      message: 'A canceled subscription can only update its cancellation_details and metadata.',
    });
    expect(
      (await stripe.subscriptions.update(subscription.id, { metadata: { note: 'x' } })).metadata,
    ).toEqual({
      note: 'x',
    });
    await expect(stripe.subscriptions.cancel(subscription.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('lists by customer, status (all, canceled, default not canceled) and price', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await subscribedCustomer();
    const trial = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_starter_monthly', quantity: 1 }],
      trial_period_days: 3,
    });
    await stripe.subscriptions.cancel(subscription.id);
    const ids = async (params: Stripe.SubscriptionListParams) =>
      (await stripe.subscriptions.list({ customer: customer.id, ...params })).data.map((each) => each.id);
    expect(await ids({})).toEqual([trial.id]);
    expect(await ids({ status: 'all' })).toEqual([trial.id, subscription.id]);
    expect(await ids({ status: 'canceled' })).toEqual([subscription.id]);
    expect(await ids({ status: 'trialing' })).toEqual([trial.id]);
    expect(await ids({ status: 'all', price: 'price_pro_monthly' })).toEqual([subscription.id]);
    expect(await ids({ status: 'all', limit: 1 })).toEqual([trial.id]);
  });

  it('creates a trial without a card (an operator granting one), and charges the stored card without', async () => {
    const { stripe } = payments;
    const bare = await stripe.customers.create({ email: 'trial@example.com' });
    const trial = await stripe.subscriptions.create({
      customer: bare.id,
      items: [{ price: 'price_business_monthly', quantity: 3 }],
      trial_period_days: 14,
      metadata: { granted: 'by operator' },
    });
    expect(trial).toMatchObject({
      status: 'trialing',
      latest_invoice: expect.stringMatching(/^in_/),
      metadata: { granted: 'by operator' },
    });
    // The trial's invoice is for 0 and paid at once, as Stripe makes it.
    expect(await stripe.invoices.retrieve(trial.latest_invoice as string)).toMatchObject({
      status: 'paid',
      total: 0,
      billing_reason: 'subscription_create',
    });
    expect(trial.items.data[0]?.quantity).toBe(3);

    await expect(
      stripe.subscriptions.create({ customer: bare.id, items: [{ price: 'price_pro_monthly' }] }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing' });

    // Checkout's card is the first subscription's own (not the customer's invoice default): a second
    // subscription names it, as with Stripe.
    const { customer, subscription: first } = await subscribedCustomer();
    await expect(
      stripe.subscriptions.create({ customer: customer.id, items: [{ price: 'price_starter_monthly' }] }),
    ).rejects.toMatchObject({ code: 'resource_missing' });
    const charged = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_starter_monthly', quantity: 2 }],
      default_payment_method: first.default_payment_method as string,
    });
    expect(charged.status).toBe('active');
    const invoice = await stripe.invoices.retrieve(charged.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 1800, customer: customer.id });
  });

  it('makes an incomplete subscription when the stored card fails (0341), which expires after 23 hours', async () => {
    const { stripe } = payments;
    const { customer, subscription: first } = await subscribedCustomer('4000 0000 0000 0341');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_starter_monthly', quantity: 1 }],
      default_payment_method: first.default_payment_method as string,
      expand: ['latest_invoice'],
    });
    expect(subscription.status).toBe('incomplete');
    expect(subscription.latest_invoice).toMatchObject({ status: 'open', amount_paid: 0, attempt_count: 1 });
    expect((await lastEvent('invoice.payment_failed'))?.data.object).toMatchObject({ customer: customer.id });
    await payments.advanceClock(customer.id, 24 * 3600);
    const expired = await stripe.subscriptions.retrieve(subscription.id);
    expect(expired.status).toBe('incomplete_expired');
  });

  it('lists and retrieves invoices by customer and subscription', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await subscribedCustomer();
    const invoices = await stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    const [invoice] = invoices.data;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      total: 6000,
      currency: 'usd',
      number: expect.stringMatching(/^[A-Z0-9]{8}-0001$/),
      parent: { subscription_details: { subscription: subscription.id } },
      lines: {
        data: [{ amount: 6000, quantity: 5, pricing: { price_details: { price: 'price_pro_monthly' } } }],
      },
    });
    expect(
      (await stripe.invoices.list({ subscription: subscription.id })).data.map((each) => each.id),
    ).toEqual([invoice?.id]);
    const retrieved = await stripe.invoices.retrieve(invoice?.id ?? '', {
      expand: ['customer', 'parent.subscription_details.subscription'],
    });
    expect(retrieved.customer).toMatchObject({ id: customer.id });
    expect(retrieved.parent?.subscription_details?.subscription).toMatchObject({ id: subscription.id });
  });

  it('refuses bad updates as Stripe does', async () => {
    const { stripe } = payments;
    const { subscription } = await subscribedCustomer();
    await expect(
      stripe.subscriptions.update(subscription.id, { items: [{ id: 'si_nope', quantity: 2 }] }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'items[0][id]',
    });
    await expect(
      stripe.subscriptions.update(subscription.id, { items: [{ price: 'price_pro_monthly' }] }),
    ).rejects.toMatchObject({
      param: 'items[0][id]',
    });
    await expect(
      stripe.subscriptions.update(subscription.id, { cancel_at_period_end: 'maybe' as never }),
    ).rejects.toMatchObject({ code: 'parameter_invalid_boolean', param: 'cancel_at_period_end' });
    await expect(
      stripe.subscriptions.update(subscription.id, { quantity: 0 } as never),
    ).rejects.toMatchObject({
      param: 'quantity',
    });
    await expect(stripe.subscriptions.retrieve('sub_nope')).rejects.toMatchObject({
      statusCode: 404,
      message: "No such subscription: 'sub_nope'",
    });
    await expect(stripe.subscriptions.list({ status: 'sleeping' as never })).rejects.toMatchObject({
      param: 'status',
    });
  });
});
