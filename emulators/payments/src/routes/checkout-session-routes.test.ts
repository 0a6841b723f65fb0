import { describe, expect, it, vi } from 'vitest';
import { appOrigin, createSession, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

describe('POST /v1/checkout/sessions', () => {
  it('takes every parameter of the contract and answers a hosted URL on the emulator', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'user-42',
      line_items: [{ price: 'price_pro_monthly', quantity: 5 }],
      success_url: `${appOrigin}/dashboard?paid=true&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appOrigin}/pricing`,
      metadata: { uid: 'user-42', plan: 'pro' },
      subscription_data: { trial_period_days: 14, metadata: { uid: 'user-42' } },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: customer.id,
      customer_email: null,
      client_reference_id: 'user-42',
      success_url: `${appOrigin}/dashboard?paid=true&session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appOrigin}/pricing`,
      metadata: { uid: 'user-42', plan: 'pro' },
      subscription: null,
      currency: 'usd',
      amount_total: 0,
      livemode: false,
    });
    expect(session.id).toMatch(/^cs_test_[A-Za-z0-9]{58}$/);
    expect(session.ui_mode).toBe('hosted_page');
    expect(session.url).toBe(`http://localhost:${new URL(payments.origin).port}/c/pay/${session.id}`);
    expect(session.expires_at - session.created).toBe(24 * 60 * 60);

    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({ object: 'item', quantity: 5, price: { id: 'price_pro_monthly' } });
  });

  it('charges the plan at once without a trial', async () => {
    const session = await createSession(payments.stripe, { customer_email: 'someone@example.com' });
    expect(session).toMatchObject({
      customer: null,
      customer_email: 'someone@example.com',
      amount_total: 6000,
    });
  });

  it('retrieves with customer and subscription expanded once paid, and lists', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'expand@example.com' });
    const session = await createSession(stripe, { customer: customer.id });
    const paid = await payments.payCheckout(session.url ?? '');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${appOrigin}/dashboard?session=${session.id}`);

    const retrieved = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'customer', 'line_items'],
    });
    expect(retrieved).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      url: null,
      customer: { id: customer.id, object: 'customer' },
      subscription: { object: 'subscription', status: 'active', customer: customer.id },
      customer_details: { email: 'expand@example.com', name: 'Ada Lovelace' },
      line_items: { object: 'list', data: [{ quantity: 5 }] },
    });
    expect(typeof retrieved.invoice).toBe('string');

    const listed = await stripe.checkout.sessions.list({ customer: customer.id });
    expect(listed.data.map((each) => each.id)).toEqual([session.id]);
    const complete = await stripe.checkout.sessions.list({ status: 'complete', customer: customer.id });
    expect(complete.data).toHaveLength(1);
  });

  it('expires an open session', async () => {
    const { stripe } = payments;
    const session = await createSession(stripe);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('expires an unpaid session after 24 hours, with checkout.session.expired', async () => {
    const { stripe } = payments;
    const session = await createSession(stripe);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
    const [event] = (await stripe.events.list({ type: 'checkout.session.expired', limit: 1 })).data;
    expect(event?.data.object).toMatchObject({ id: session.id, status: 'expired' });
    expect((await payments.page(payments.local(session.url ?? ''))).status).toBe(410);
  });

  it.each([
    ['no mode', { mode: undefined }, 'parameter_missing', 'mode'],
    ['payment mode', { mode: 'payment' }, 'parameter_invalid_string', 'mode'],
    ['no line items', { line_items: undefined }, 'parameter_missing', 'line_items'],
    [
      'an unknown price',
      { line_items: [{ price: 'price_x', quantity: 1 }] },
      'resource_missing',
      'line_items[0][price]',
    ],
    [
      'no quantity',
      { line_items: [{ price: 'price_pro_monthly' }] },
      'parameter_missing',
      'line_items[0][quantity]',
    ],
    [
      'a zero quantity',
      { line_items: [{ price: 'price_pro_monthly', quantity: 0 }] },
      'parameter_invalid_integer',
      'line_items[0][quantity]',
    ],
    ['no success_url', { success_url: undefined }, 'parameter_missing', 'success_url'],
    ['a relative success_url', { success_url: '/dashboard' }, 'url_invalid', 'success_url'],
    ['a javascript cancel_url', { cancel_url: 'javascript:alert(1)' }, 'url_invalid', 'cancel_url'],
    ['an unknown customer', { customer: 'cus_nobody' }, 'resource_missing', 'customer'],
    [
      'a trial of 0 days',
      { subscription_data: { trial_period_days: 0 } },
      'parameter_invalid_integer',
      'subscription_data[trial_period_days]',
    ],
    [
      'an unknown parameter',
      { consent_collection: { promotions: 'auto' } },
      'parameter_unknown',
      'consent_collection',
    ],
    [
      'an unknown nested parameter',
      { subscription_data: { trial_end: 1 } as never },
      'parameter_unknown',
      'subscription_data[trial_end]',
    ],
  ])('refuses %s', async (_name, params, code, param) => {
    const body = Object.fromEntries(
      Object.entries({
        mode: 'subscription',
        line_items: [{ price: 'price_pro_monthly', quantity: 1 }],
        success_url: `${appOrigin}/ok`,
        ...params,
      }).filter(([, value]) => value !== undefined),
    );
    await expect(payments.stripe.checkout.sessions.create(body as never)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code,
      param,
    });
  });

  it('refuses customer and customer_email together', async () => {
    const customer = await payments.stripe.customers.create({});
    await expect(
      createSession(payments.stripe, { customer: customer.id, customer_email: 'a@example.com' }),
    ).rejects.toMatchObject({
      message: 'You may only specify one of these parameters: customer, customer_email.',
    });
  });

  it('answers 404 for an unknown session', async () => {
    await expect(payments.stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      statusCode: 404,
      message: "No such checkout.session: 'cs_test_nope'",
    });
  });
});

describe('ui_mode', () => {
  it("takes this API version's hosted_page, and refuses what it has not or the emulator cannot show", async () => {
    const { stripe } = payments;
    expect((await createSession(stripe, { ui_mode: 'hosted_page' })).ui_mode).toBe('hosted_page');
    await expect(createSession(stripe, { ui_mode: 'hosted' as never })).rejects.toMatchObject({
      statusCode: 400,
      param: 'ui_mode',
      code: 'parameter_invalid_string',
    });
    await expect(createSession(stripe, { ui_mode: 'elements' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'ui_mode',
      message: expect.stringContaining('needs Stripe Elements'),
    });
  });
});
