import { describe, expect, it } from 'vitest';
import { createCardlessTrialSession, noCard, useTestPayments } from '#payments/test/test-payments.ts';

// A trial started without a card (`payment_method_collection: if_required`) and what its end does
// without one, as `trial_settings.end_behavior.missing_payment_method` says
// (docs.stripe.com/billing/subscriptions/trials/free-trials): canceled, or paused until a card is
// added and the subscription resumed.

const payments = useTestPayments();

const day = 24 * 60 * 60;
const jan1 = Date.UTC(2030, 0, 1) / 1000;

async function cardlessTrial(missingPaymentMethod: 'cancel' | 'pause') {
  const { stripe } = payments;
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: jan1 });
  const customer = await stripe.customers.create({ email: 'trial@example.com', test_clock: clock.id });
  const session = await createCardlessTrialSession(stripe, customer.id, { days: 14, missingPaymentMethod });
  expect(session.payment_method_collection).toBe('if_required');
  const page = await payments.page(session.url ?? '');
  expect(page.html).toContain('No card is needed to start the trial');
  expect((await payments.payCheckout(session.url ?? '', noCard)).status).toBe(303);
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  if (!subscription) throw new Error('no subscription');
  expect(subscription).toMatchObject({
    status: 'trialing',
    default_payment_method: null,
    trial_settings: { end_behavior: { missing_payment_method: missingPaymentMethod } },
  });
  expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
  return { clock, customer, subscription };
}

describe('a trial without a card', () => {
  it('is canceled at its end when so configured', async () => {
    const { stripe } = payments;
    const { clock, subscription } = await cardlessTrial('cancel');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: jan1 + 14 * day + 60 });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      ended_at: jan1 + 14 * day,
    });
    const deleted = (await stripe.events.list({ type: 'customer.subscription.deleted', limit: 1 })).data[0];
    expect(deleted?.data.object).toMatchObject({ id: subscription.id });
  });

  it('is paused at its end when so configured, and resumed once a card is added, charged from then', async () => {
    const { stripe } = payments;
    const { clock, customer, subscription } = await cardlessTrial('pause');
    const trialEnd = jan1 + 14 * day;
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd + 60 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('paused');
    const paused = (await stripe.events.list({ type: 'customer.subscription.paused', limit: 1 })).data[0];
    expect(paused?.data.object).toMatchObject({ id: subscription.id });
    // No invoice beyond the trial's own.
    expect((await stripe.invoices.list({ customer: customer.id })).data).toHaveLength(1);

    await expect(stripe.subscriptions.resume(`${subscription.id}x`)).rejects.toMatchObject({
      statusCode: 404,
    });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: trialEnd + 2 * day });
    const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: card.id } });
    const resumed = await stripe.subscriptions.resume(subscription.id, {
      billing_cycle_anchor: { type: 'now' },
    });
    expect(resumed).toMatchObject({ status: 'active', billing_cycle_anchor: trialEnd + 2 * day });
    const invoice = await stripe.invoices.retrieve(resumed.latest_invoice as string);
    expect(invoice).toMatchObject({ status: 'paid', total: 6000 });
    await expect(stripe.subscriptions.resume(subscription.id)).rejects.toMatchObject({ statusCode: 400 });
  });
});
