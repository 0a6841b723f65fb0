import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createSession, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const day = 24 * 60 * 60;
const jan1 = Date.UTC(2030, 0, 1) / 1000;
const feb1 = Date.UTC(2030, 1, 1) / 1000;

/** Pro, 5 seats ($60 a month), bought on Jan 1 2030 on a test clock now at Jan 16 (16 of 31 days left). */
async function midPeriod() {
  const { stripe } = payments;
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: jan1 });
  const customer = await stripe.customers.create({ email: 'prorate@example.com', test_clock: clock.id });
  const session = await createSession(stripe, { customer: customer.id });
  expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
  await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: jan1 + 15 * day });
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  if (!subscription) throw new Error('no subscription');
  const item = subscription.items.data[0] as Stripe.SubscriptionItem;
  return { clock, customer, subscription, item };
}

const amounts = (lines: { amount: number; description: string | null }[]) =>
  lines.map((line) => [line.amount, line.description]);

describe('prorations', () => {
  it('bills a seat change mid-period on the next invoice (create_prorations, the default)', async () => {
    const { stripe } = payments;
    const { clock, customer, subscription, item } = await midPeriod();
    await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 6 }] });
    const pending = (await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data;
    expect(amounts(pending.reverse())).toEqual([
      [-Math.round((6000 * 16) / 31), 'Unused time on 5 × Pro after 16 Jan 2030'],
      [Math.round((7200 * 16) / 31), 'Remaining time on 6 × Pro after 16 Jan 2030'],
    ]);
    expect(pending.every((each) => each.proration && each.invoice === null)).toBe(true);
    const created = (await stripe.events.list({ type: 'invoiceitem.created', limit: 2 })).data;
    expect(created.map((event) => (event.data.object as Stripe.InvoiceItem).id).sort()).toEqual(
      pending.map((each) => each.id).sort(),
    );

    // The preview and then the renewal: both prorations, then February at 6 seats.
    const expected = 7200 - Math.round((6000 * 16) / 31) + Math.round((7200 * 16) / 31);
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
    });
    expect(preview).toMatchObject({
      amount_due: expected,
      billing_reason: 'subscription_cycle',
      status: 'draft',
    });
    expect(preview.lines.data.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([
      true,
      true,
      false,
    ]);
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: feb1 });
    const [renewal] = (await stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal).toMatchObject({ status: 'paid', amount_paid: expected, created: feb1 });
    expect(renewal?.lines.data).toHaveLength(3);
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);
  });

  it('bills a plan change at once with always_invoice', async () => {
    const { stripe } = payments;
    const { customer, subscription, item } = await midPeriod();
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: 'price_business_monthly' }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    const expected = Math.round((7500 * 16) / 31) - Math.round((6000 * 16) / 31);
    expect(updated.latest_invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      amount_paid: expected,
    });
    const types = (await stripe.events.list({ limit: 8 })).data.map((event) => event.type).reverse();
    expect(types.slice(-7)).toEqual([
      'customer.subscription.updated',
      'invoiceitem.created',
      'invoiceitem.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);
  });

  it('keeps a downgrade billed at once as a credit for the next invoice', async () => {
    const { stripe } = payments;
    const { clock, customer, subscription, item } = await midPeriod();
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 1 }],
      proration_behavior: 'always_invoice',
    });
    const credit = Math.round((1200 * 16) / 31) - Math.round((6000 * 16) / 31);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({ balance: credit });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: feb1 });
    const [renewal] = (await stripe.invoices.list({ customer: customer.id, limit: 1 })).data;
    expect(renewal).toMatchObject({
      total: 1200,
      starting_balance: credit,
      amount_due: Math.max(0, 1200 + credit),
      ending_balance: Math.min(0, 1200 + credit),
    });
  });

  it('prorates nothing with proration_behavior none, during a trial, or for a metadata change', async () => {
    const { stripe } = payments;
    const { customer, subscription, item } = await midPeriod();
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, quantity: 9 }],
      proration_behavior: 'none',
    });
    await stripe.subscriptions.update(subscription.id, { metadata: { note: 'x' } });
    expect((await stripe.invoiceItems.list({ customer: customer.id })).data).toEqual([]);
  });

  it('previews a change before it is made, from a given proration_date, without storing anything', async () => {
    const { stripe } = payments;
    const { customer, subscription, item } = await midPeriod();
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: {
        items: [{ id: item.id, quantity: 10 }],
        proration_behavior: 'always_invoice',
        proration_date: jan1 + 21 * day,
      },
    });
    expect(preview).toMatchObject({ billing_reason: 'subscription_update', number: null });
    expect(preview.id).toMatch(/^upcoming_in_/);
    expect(preview.amount_due).toBe(Math.round((12000 * 10) / 31) - Math.round((6000 * 10) / 31));
    expect((await stripe.invoiceItems.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.quantity).toBe(5);

    const recurring = await stripe.invoices.createPreview({
      customer: customer.id,
      preview_mode: 'recurring',
    });
    expect(recurring.amount_due).toBe(6000);
    const bare = await stripe.customers.create({});
    await expect(stripe.invoices.createPreview({ customer: bare.id })).rejects.toMatchObject({
      statusCode: 400,
      code: 'invoice_upcoming_none',
    });
  });
});
