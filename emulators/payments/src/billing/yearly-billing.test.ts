import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createSession, useTestPayments } from '#payments/test/test-payments.ts';

// Yearly prices (the catalogue's `<plan>_yearly`) and a change of billing interval, as Stripe documents
// it (docs.stripe.com/billing/subscriptions/upgrade-downgrade, "Changing the billing interval"): the
// new price starts a new period at once, anchored at the change, billed whole, with the old period's
// unused time credited on the same invoice.

const payments = useTestPayments();

const day = 24 * 60 * 60;
const jan1 = Date.UTC(2030, 0, 1) / 1000;
const jan16 = jan1 + 15 * day;

async function proOnClock(price: string) {
  const { stripe } = payments;
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: jan1 });
  const customer = await stripe.customers.create({ email: 'yearly@example.com', test_clock: clock.id });
  const session = await createSession(stripe, {
    customer: customer.id,
    line_items: [{ price, quantity: 5 }],
  });
  expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  if (!subscription) throw new Error('no subscription');
  return { clock, customer, subscription, item: subscription.items.data[0] as Stripe.SubscriptionItem };
}

describe('yearly billing', () => {
  it('bills a yearly price for twelve calendar months, and renews a year later', async () => {
    const { stripe } = payments;
    const { clock, subscription, item } = await proOnClock('price_pro_yearly');
    expect(item.price.recurring).toMatchObject({ interval: 'year', interval_count: 1 });
    expect(item.current_period_end).toBe(Date.UTC(2031, 0, 1) / 1000);
    const first = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(first.total).toBe(5 * 12_000);
    expect(first.hosted_invoice_url).toMatch(/\/i\/in_/);

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: Date.UTC(2031, 0, 1) / 1000 + 60 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]?.current_period_end).toBe(Date.UTC(2032, 0, 1) / 1000);
  });

  it('moves monthly → yearly at once: credit for the unused month, the year billed whole, anchor reset', async () => {
    const { stripe } = payments;
    const { clock, customer, subscription, item } = await proOnClock('price_pro_monthly');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: jan16 });
    const credit = -Math.round((6000 * 16) / 31);
    const details = {
      items: [{ id: item.id, price: 'price_pro_yearly', quantity: 5 }],
      proration_behavior: 'always_invoice' as const,
      proration_date: jan16,
    };
    const preview = await stripe.invoices.createPreview({
      customer: customer.id,
      subscription: subscription.id,
      subscription_details: details,
    });
    expect(preview).toMatchObject({ billing_reason: 'subscription_update', total: 60_000 + credit });
    expect(preview.lines.data.map((line) => line.amount)).toEqual([credit, 60_000]);

    const updated = await stripe.subscriptions.update(subscription.id, {
      items: details.items,
      proration_behavior: 'create_prorations',
      proration_date: jan16,
    });
    // Whatever the proration behavior, a new interval is invoiced at once.
    expect(updated.billing_cycle_anchor).toBe(jan16);
    expect(updated.items.data[0]?.current_period_start).toBe(jan16);
    expect(updated.items.data[0]?.current_period_end).toBe(Date.UTC(2031, 0, 16) / 1000);
    const invoice = await stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      total: preview.total,
    });
    expect((await stripe.invoiceItems.list({ customer: customer.id, pending: true })).data).toEqual([]);
  });
});
