import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { appOrigin, subscribeThroughCheckout, useTestPayments } from '#payments/test/test-payments.ts';

// The failed-payment path as Stripe documents it (docs.stripe.com/billing/subscriptions/webhooks,
// "Payment failures"; docs.stripe.com/testing: 4000 0000 0000 0341 attaches, then its charges fail):
// the renewal's invoice is created, finalized and fails, the subscription goes past_due; a new card
// pays the open invoice and the subscription is active again.

const payments = useTestPayments();
const day = 24 * 60 * 60;

type Seen = { type: string; object: Record<string, unknown>; previous?: Record<string, unknown> };

/** The events about a customer since event `since` (objects of the customer, or the customer), oldest first. */
async function eventsAfter(customer: string, since: string | undefined): Promise<Seen[]> {
  const events = (await payments.stripe.events.list({ limit: 100 })).data.reverse();
  const start = since ? events.findIndex((event) => event.id === since) + 1 : 0;
  return events
    .slice(start)
    .filter((event) => {
      const object = event.data.object as { id?: string; customer?: string };
      return object.customer === customer || object.id === customer;
    })
    .map((event) => ({
      type: event.type,
      object: event.data.object as unknown as Record<string, unknown>,
      ...(event.data.previous_attributes && {
        previous: event.data.previous_attributes as Record<string, unknown>,
      }),
    }));
}
const latestEventId = async () => (await payments.stripe.events.list({ limit: 1 })).data[0]?.id;

/** The portal of a customer, and its card form posted as a browser posts it. */
async function portalOf(customer: string) {
  const portal = await payments.stripe.billingPortal.sessions.create({
    customer,
    return_url: `${appOrigin}/settings/billing`,
  });
  const url = payments.local(portal.url);
  const updateCard = (number: string) =>
    payments.postForm(`${url}/card`, {
      card_number: number,
      card_expiry: '12 / 34',
      card_cvc: '123',
      card_name: 'Ada Lovelace',
    });
  return { url, updateCard };
}

/** A Pro subscription bought through Checkout with the card whose later charges fail, renewed past due. */
async function pastDueRenewal(email: string) {
  const { stripe } = payments;
  const { customer, subscription } = await subscribeThroughCheckout(payments, {
    email,
    card: '4000 0000 0000 0341',
  });
  expect(subscription.status).toBe('active');
  const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
  const since = await latestEventId();
  const { now } = await payments.advanceClock(customer.id, periodEnd - Math.floor(Date.now() / 1000) + 60);
  expect(now).toBeGreaterThan(periodEnd);
  const pastDue = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
  return {
    customer: customer.id,
    subscription: pastDue,
    periodEnd,
    events: await eventsAfter(customer.id, since),
  };
}

describe('a failed renewal on a test clock (4000 0000 0000 0341)', () => {
  it("goes past_due with Stripe's invoices, attempts and events, in Stripe's order", async () => {
    const { subscription, periodEnd, events } = await pastDueRenewal('renewal@example.com');
    expect(subscription.status).toBe('past_due');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      amount_due: 6000,
      amount_paid: 0,
      attempted: true,
      attempt_count: 1,
      // The first retry of the schedule: 3 days after the renewal's attempt.
      next_payment_attempt: periodEnd + 3 * day,
      period_start: periodEnd,
    });
    expect(events.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.created',
      'invoice.finalized',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    const [renewed, created, finalized, failed, pastDue] = events;
    // The new period first (still active), then the invoice's steps, then past_due.
    expect(renewed?.object).toMatchObject({ status: 'active', latest_invoice: invoice.id });
    expect(created?.object).toMatchObject({ id: invoice.id, status: 'draft', attempt_count: 0 });
    expect(finalized?.object).toMatchObject({ status: 'open', attempt_count: 0 });
    expect(failed?.object).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: periodEnd + 3 * day,
    });
    expect(pastDue?.object).toMatchObject({ status: 'past_due' });
    expect(pastDue?.previous).toEqual({ status: 'active' });
  });

  it('a card updated in the portal pays the open invoice at once: active again, invoice.paid', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await pastDueRenewal('portal-card@example.com');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const { url, updateCard } = await portalOf(customer);
    const page = await payments.page(url);
    expect(page.html).toContain('<h2 id="card-title">Payment method</h2>');
    expect(page.html).toContain('Visa ending in 0341, expires 12/2034');
    expect(page.html).toContain('Your last payment failed.');
    for (const label of ['Card number', 'Expiry (MM / YY)', 'CVC', 'Name on card']) {
      expect(page.html).toContain(`>${label}</label>`);
    }
    expect(page.html).toContain('>Update card</button>');

    const since = await latestEventId();
    const posted = await updateCard('4242 4242 4242 4242');
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/\?done=card_paid$/);
    const after = await payments.page(`${payments.origin}${posted.location}`);
    expect(after.html).toContain('Your card was updated and the open invoice was paid with it.');
    expect(after.html).toContain('Visa ending in 4242');

    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    const card = await stripe.paymentMethods.retrieve(String(active.default_payment_method));
    expect(card).toMatchObject({ customer, card: { last4: '4242' } });
    const updatedCustomer = (await stripe.customers.retrieve(customer)) as Stripe.Customer;
    expect(updatedCustomer.invoice_settings.default_payment_method).toBe(card.id);
    // A payment made on request after the first attempt leaves attempt_count as it was.
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 6000,
      attempt_count: 1,
      next_payment_attempt: null,
    });
    const events = await eventsAfter(customer, since);
    expect(events.map((event) => event.type)).toEqual([
      'payment_method.attached',
      'customer.updated',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    expect(events[2]?.previous).toMatchObject({ default_payment_method: expect.stringMatching(/^pm_/) });
    expect(events[5]?.previous).toEqual({ status: 'past_due' });

    // The next renewal is charged to the new card.
    await payments.advanceClock(customer, 31 * day);
    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('active');
    expect(renewed.latest_invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_cycle' });
  });

  it('a new card that fails too is saved; the next retry charges the default card then', async () => {
    const { stripe } = payments;
    const { customer, subscription, periodEnd } = await pastDueRenewal('retry-card@example.com');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const { updateCard } = await portalOf(customer);
    // A declined card is refused and nothing is saved.
    const declined = await updateCard('4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    expect(declined.html).toContain('aria-invalid="true"');
    const incomplete = await updateCard('4242');
    expect(incomplete.status).toBe(400);
    expect(incomplete.html).toContain('Your card number is incomplete.');
    expect((await stripe.paymentMethods.list({ customer })).data).toHaveLength(1);

    // Another card whose charges fail: saved as the default, and its immediate attempt fails.
    const failing = await updateCard('4000 0000 0000 0341');
    expect(failing.location).toMatch(/\?done=card_unpaid$/);
    expect((await payments.page(`${payments.origin}${failing.location}`)).html).toContain(
      'the open invoice could not be paid with it',
    );
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: periodEnd + 3 * day,
    });

    // A good card made the subscription's default with the API is what the scheduled retry charges.
    const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: visa.id });
    const since = await latestEventId();
    await payments.advanceClock(customer, 3 * day);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      attempt_count: 2,
      next_payment_attempt: null,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await eventsAfter(customer, since)).map((event) => event.type)).toEqual([
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
  });
});

describe('trials', () => {
  it('sends customer.subscription.trial_will_end three days before the trial ends, not earlier', async () => {
    const { stripe } = payments;
    const { customer, subscription } = await subscribeThroughCheckout(payments, {
      email: 'trial-notice@example.com',
      trialDays: 14,
    });
    const trialEnd = subscription.trial_end ?? 0;
    const { now } = await payments.advanceClock(customer.id, 60);
    await payments.advanceClock(customer.id, trialEnd - 3 * day - now - 1);
    const notices = async () =>
      (await stripe.events.list({ type: 'customer.subscription.trial_will_end', limit: 100 })).data.filter(
        (event) => (event.data.object as Stripe.Subscription).customer === customer.id,
      );
    expect(await notices()).toEqual([]);
    await payments.advanceClock(customer.id, 1);
    const [notice] = await notices();
    expect(notice?.data.object).toMatchObject({
      id: subscription.id,
      status: 'trialing',
      trial_end: trialEnd,
    });
  });
});
