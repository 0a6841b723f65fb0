import { readOutbox, type StoredMail } from '@launchkit/mail';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eventAbout, useBillingWorld } from '#api/test/test-billing.ts';
import { mailSettled } from '#api/test/test-mail.ts';
import type { TestUser } from '#api/test/test-users.ts';

// The owner's billing mails (billing-mails.ts): from the payment emulator's own events where it sends
// them, and from events delivered again, late and out of order, as Stripe may.

const world = useBillingWorld();

const customerUser = () => world().customerUser();

async function mailsTo(user: TestUser, subject: RegExp): Promise<StoredMail[]> {
  await mailSettled(world().app.db);
  const { mail } = world().app.config;
  if (mail.transport !== 'outbox') throw new Error('the app mails by SMTP');
  return (await readOutbox(mail.outboxDir, { to: user.email })).filter((each) => subject.test(each.subject));
}

async function deliver(type: string, object: unknown) {
  expect((await world().deliverEvent(eventAbout(type, object))).status).toBe(200);
}

/**
 * An invoice of `subscription`'s first item as Stripe's events carry it (the fields the mails read);
 * the emulator's own renewals are driven by its test clock in the browser tests.
 */
function invoiceOf(subscription: Stripe.Subscription, fields: Record<string, unknown>) {
  const item = subscription.items.data[0];
  return {
    id: `in_${subscription.id.slice(4)}`,
    object: 'invoice',
    customer: subscription.customer,
    currency: 'usd',
    amount_paid: 0,
    amount_due: 0,
    number: 'A1B2C3D4-0001',
    hosted_invoice_url: null,
    attempt_count: 0,
    next_payment_attempt: null,
    lines: {
      object: 'list',
      data: [
        {
          period: { start: item?.current_period_start, end: item?.current_period_end },
          quantity: item?.quantity,
          pricing: { price_details: { price: item?.price.id }, type: 'price_details' },
        },
      ],
    },
    ...fields,
  };
}

/** A signed-in owner on a trial of `price` at the provider, as its API makes one. */
async function ownerOnTrial(price: string, quantity: number, trialDays: number) {
  const { user, customer } = await customerUser();
  const subscription = await world().payments.stripe.subscriptions.create({
    customer,
    items: [{ price, quantity }],
    trial_period_days: trialDays,
  });
  return { user, subscription };
}

describe('billing mails', () => {
  it('trial ending: three days before, from the provider’s own trial_will_end, once', async () => {
    // A trial shorter than three days: the provider sends trial_will_end at once.
    const { user, subscription } = await ownerOnTrial('price_pro_monthly', 3, 2);
    await expect
      .poll(async () => (await mailsTo(user, /trial ends in three days/)).length, { timeout: 15_000 })
      .toBe(1);
    const [mail] = await mailsTo(user, /trial ends in three days/);
    expect(mail?.text).toContain('Your Pro trial ends on');
    expect(mail?.html).toContain(`href="${world().app.config.site.origin}/settings/billing"`);
    // The same event again, and again: still one mail.
    await deliver('customer.subscription.trial_will_end', subscription);
    await deliver('customer.subscription.trial_will_end', subscription);
    expect(await mailsTo(user, /trial ends in three days/)).toHaveLength(1);
  });

  it('receipt: one per paid invoice, whatever the deliveries; none for a trial’s invoice of nothing', async () => {
    const { user, subscription } = await ownerOnTrial('price_pro_monthly', 5, 14);
    await deliver('invoice.paid', invoiceOf(subscription, { amount_paid: 0 }));
    // An invoice paid at renewal: three deliveries.
    const paid = invoiceOf(subscription, { id: 'in_renewal', amount_paid: 14500, amount_due: 14500 });
    for (let delivery = 0; delivery < 3; delivery += 1) await deliver('invoice.paid', paid);
    const receipts = await mailsTo(user, /receipt/);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe('Your Launchkit receipt: $145.00 paid');
    expect(receipts[0]?.text).toContain('Plan: Pro, 5 seats.');
  });

  it('payment failed: one mail per failed attempt, in any order, saying when the card is tried again', async () => {
    const { user, subscription } = await ownerOnTrial('price_pro_monthly', 1, 14);
    const nextAttempt = Math.floor(Date.UTC(2026, 11, 3) / 1000);
    const first = invoiceOf(subscription, {
      amount_due: 2900,
      attempt_count: 1,
      next_payment_attempt: nextAttempt,
    });
    const last = invoiceOf(subscription, { amount_due: 2900, attempt_count: 4, next_payment_attempt: null });
    await deliver('invoice.payment_failed', last);
    await deliver('invoice.payment_failed', first);
    await deliver('invoice.payment_failed', last);
    await deliver('invoice.payment_failed', first);
    const mails = await mailsTo(user, /payment failed/);
    expect(mails).toHaveLength(2);
    const texts = mails.map((mail) => mail.text).join('\n');
    expect(texts).toContain('We could not charge your card $29.00 for your Pro plan.');
    expect(texts).toContain('We will try again on December 3rd 2026.');
    expect(texts).toContain('We will not try again');
  });

  it('subscription ended: from the provider’s own event when it is cancelled, once', async () => {
    const { user, subscription } = await ownerOnTrial('price_starter_monthly', 1, 14);
    const cancelled = await world().payments.stripe.subscriptions.cancel(subscription.id);
    await expect
      .poll(async () => (await mailsTo(user, /subscription has ended/)).length, { timeout: 15_000 })
      .toBe(1);
    await deliver('customer.subscription.deleted', cancelled);
    expect(await mailsTo(user, /subscription has ended/)).toHaveLength(1);
    expect((await mailsTo(user, /subscription has ended/))[0]?.text).toContain(
      'Your Starter plan has ended.',
    );
  });

  it('an event of another shape mails nothing and is acknowledged', async () => {
    const { user, customer } = await customerUser();
    await deliver('invoice.paid', { id: 'in_odd', customer, lines: 'not a list' });
    expect(await mailsTo(user, /receipt/)).toEqual([]);
  });
});
