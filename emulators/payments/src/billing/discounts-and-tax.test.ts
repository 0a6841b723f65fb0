import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createSession, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();
const month = 31 * 24 * 60 * 60;

/** Pro, 5 seats (6,000 a month), bought through the hosted page with `code` applied on it. */
async function buyWith(options: { code?: string; tax?: boolean; taxId?: string }) {
  const { stripe } = payments;
  const customer = await stripe.customers.create({ email: `buyer-${Math.random()}@example.com` });
  const session = await createSession(stripe, {
    customer: customer.id,
    allow_promotion_codes: true,
    ...(options.tax && {
      automatic_tax: { enabled: true },
      tax_id_collection: { enabled: true },
      customer_update: { address: 'auto', name: 'auto' },
    }),
  });
  const page = `${session.url}`;
  if (options.code) {
    const applied = await payments.postForm(`${page}/promotion-code`, { promotion_code: options.code });
    expect(applied.status).toBe(303);
  }
  const paid = await payments.payCheckout(page, options.taxId ? ({ tax_id: options.taxId } as never) : {});
  expect(paid.status).toBe(303);
  const completed = await stripe.checkout.sessions.retrieve(session.id);
  const invoice = await stripe.invoices.retrieve(completed.invoice as string);
  return { customer, session: completed, invoice };
}

const renewal = async (customer: Stripe.Customer) => {
  await payments.advanceClock(customer.id, month);
  const invoices = await payments.stripe.invoices.list({ customer: customer.id });
  return invoices.data.find((invoice) => invoice.billing_reason === 'subscription_cycle');
};

describe('promotion codes at checkout', () => {
  it('takes LAUNCH20 off the first invoice only (duration once)', async () => {
    const { customer, session, invoice } = await buyWith({ code: 'launch20' });
    expect(session.discounts).toEqual([{ coupon: 'LAUNCH20', promotion_code: 'promo_launch20' }]);
    expect(session.total_details).toMatchObject({ amount_discount: 1200, amount_tax: 0 });
    expect(session.amount_total).toBe(4800);
    expect(invoice).toMatchObject({
      subtotal: 6000,
      total: 4800,
      amount_paid: 4800,
      total_excluding_tax: 4800,
    });
    expect(invoice.discounts).toHaveLength(1);
    expect(invoice.total_discount_amounts).toEqual([{ amount: 1200, discount: invoice.discounts[0] }]);
    const [subscription] = (await payments.stripe.subscriptions.list({ customer: customer.id })).data;
    // Spent by the first invoice: the subscription no longer carries it.
    expect(subscription?.discounts).toEqual([]);
    const next = await renewal(customer);
    expect(next).toMatchObject({ subtotal: 6000, total: 6000, discounts: [], total_discount_amounts: [] });
  });

  it('keeps a repeating coupon for its months and refuses an unknown or used-up code', async () => {
    const { stripe } = payments;
    const coupon = await stripe.coupons.create({
      amount_off: 1000,
      currency: 'usd',
      duration: 'repeating',
      duration_in_months: 2,
    });
    await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'TWOMONTHS',
      max_redemptions: 1,
    });
    const { customer, invoice } = await buyWith({ code: 'TWOMONTHS' });
    expect(invoice).toMatchObject({ subtotal: 6000, total: 5000 });
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription?.discounts).toEqual(invoice.discounts);
    expect((await renewal(customer))?.total).toBe(5000);

    const other = await createSession(stripe, { allow_promotion_codes: true });
    const used = await payments.postForm(`${other.url}/promotion-code`, { promotion_code: 'TWOMONTHS' });
    expect(used.status).toBe(400);
    expect(used.html).toContain('This code is invalid.');
    const unknown = await payments.postForm(`${other.url}/promotion-code`, { promotion_code: 'NOPE' });
    expect(unknown.html).toContain('This code is invalid.');
  });
});

describe('automatic tax', () => {
  it('adds the emulator’s 10 % on what is left after the discount, with the tax id entered', async () => {
    const { session, invoice } = await buyWith({ code: 'LAUNCH20', tax: true, taxId: 'DE123456789' });
    expect(session.automatic_tax).toMatchObject({ enabled: true, status: 'complete' });
    expect(session.total_details).toMatchObject({ amount_discount: 1200, amount_tax: 480 });
    expect(session.customer_details?.tax_ids).toEqual([{ type: 'eu_vat', value: 'DE123456789' }]);
    expect(invoice).toMatchObject({
      subtotal: 6000,
      total_excluding_tax: 4800,
      total: 5280,
      amount_paid: 5280,
    });
    expect(invoice.automatic_tax).toMatchObject({ enabled: true, status: 'complete' });
    const subscription = await payments.stripe.subscriptions.retrieve(session.subscription as string);
    expect(subscription.automatic_tax.enabled).toBe(true);
    expect(invoice.total_taxes).toEqual([
      expect.objectContaining({ amount: 480, taxable_amount: 4800, tax_behavior: 'exclusive' }),
    ]);
  });

  it('refuses a tax id it cannot read, under its field', async () => {
    const session = await createSession(payments.stripe, { tax_id_collection: { enabled: true } });
    const refused = await payments.payCheckout(`${session.url}`, { tax_id: 'not a tax id' } as never);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Enter a valid tax ID');
  });
});
