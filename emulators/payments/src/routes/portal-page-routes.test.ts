import { describe, expect, it } from 'vitest';
import { appOrigin, createSession, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const day = 24 * 60 * 60;
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** A customer with a Pro subscription (5 seats) and a portal session for them. */
async function portalFor(trialDays?: number) {
  const { stripe } = payments;
  const customer = await stripe.customers.create({ email: 'portal@example.com' });
  const session = await createSession(stripe, {
    customer: customer.id,
    ...(trialDays && { subscription_data: { trial_period_days: trialDays } }),
  });
  await payments.payCheckout(session.url ?? '');
  const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
  if (!subscription) throw new Error('no subscription');
  const portal = await stripe.billingPortal.sessions.create({
    customer: customer.id,
    return_url: `${appOrigin}/settings/billing`,
  });
  const url = payments.local(portal.url);
  const post = (action: string, fields: Record<string, string> = {}) =>
    payments.postForm(`${url}/${action}`, { subscription: subscription.id, ...fields });
  return { customer: customer.id, subscription, portal, url, post };
}

describe('billing portal sessions', () => {
  it('creates a session whose url is the hosted portal', async () => {
    const { portal, customer } = await portalFor();
    expect(portal).toMatchObject({
      object: 'billing_portal.session',
      customer,
      return_url: `${appOrigin}/settings/billing`,
      livemode: false,
    });
    expect(portal.url).toMatch(new RegExp(`^http://localhost:\\d+/p/session/${portal.id}$`));
    expect(portal.id).toMatch(/^bps_[A-Za-z0-9]{32}$/);
  });

  it('refuses an unknown customer or a bad return_url', async () => {
    await expect(
      payments.stripe.billingPortal.sessions.create({ customer: 'cus_nobody' }),
    ).rejects.toMatchObject({
      code: 'resource_missing',
      param: 'customer',
    });
    const customer = await payments.stripe.customers.create({});
    await expect(
      payments.stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'nope' }),
    ).rejects.toMatchObject({ param: 'return_url' });
  });
});

describe('the portal page', () => {
  it('shows the subscription, invoices, the return link and the clock', async () => {
    const { url } = await portalFor();
    const page = await payments.page(url);
    expect(page.status).toBe(200);
    const text = textOf(page.html);
    expect(page.html.match(/<h1>/g)).toHaveLength(1);
    expect(text).toContain('Plan Pro');
    expect(text).toContain('Status Active');
    expect(text).toContain('Seats 5');
    expect(text).toContain('Price per seat $12.00 per month');
    expect(text).toMatch(/Renews on \w+ \d+, \d{4}/);
    expect(text).toMatch(/[A-Z0-9]{8}-0001 \w+ \d+, \d{4} \$60\.00 Paid/);
    expect(page.html).toContain(`href="${appOrigin}/settings/billing"`);
    expect(text).toContain('Return to 127.0.0.1:3999');
    for (const label of [
      'Change plan',
      'Change seats',
      'Cancel at period end',
      'Cancel now',
      'Advance 1 day',
      'Advance 1 month',
    ]) {
      expect(page.html).toContain(`>${label}</button>`);
    }
    expect(page.html).not.toContain('Advance to trial end');
    expect(page.html).toContain('<label for="plan">Plan</label>');
    expect(page.html).toContain('<label for="seats">Seats</label>');
  });

  it('changes the plan and the seats, as subscriptions.retrieve then shows', async () => {
    const { url, post, subscription } = await portalFor();
    const plan = await post('plan', { price: 'price_business_monthly' });
    expect(plan.status).toBe(303);
    expect(plan.location).toBe(`/p/session/${url.split('/').pop()}?done=plan`);
    const seats = await post('seats', { seats: '9' });
    expect(seats.status).toBe(303);
    const retrieved = await payments.stripe.subscriptions.retrieve(subscription.id);
    expect(retrieved.items.data[0]).toMatchObject({ quantity: 9, price: { id: 'price_business_monthly' } });
    const page = await payments.page(`${url}?done=seats`);
    expect(page.html).toContain('role="status"');
    expect(textOf(page.html)).toContain('Your number of seats was changed.');
    expect(textOf(page.html)).toContain('Plan Business');
    const event = (await payments.stripe.events.list({ type: 'customer.subscription.updated', limit: 1 }))
      .data[0];
    expect(event?.data.previous_attributes).toMatchObject({ items: { data: [{ quantity: 5 }] } });
  });

  it('offers each plan monthly and yearly, and a switch to yearly starts a yearly period at once', async () => {
    const { url, post, subscription } = await portalFor();
    const page = textOf((await payments.page(url)).html);
    expect(page).toContain('Pro, $12.00 per seat per month');
    expect(page).toContain('Pro, $120.00 per seat per year');
    expect((await post('plan', { price: 'price_pro_yearly' })).status).toBe(303);
    const retrieved = await payments.stripe.subscriptions.retrieve(subscription.id);
    const item = retrieved.items.data[0];
    expect(item?.price.recurring?.interval).toBe('year');
    expect((item?.current_period_end ?? 0) - (item?.current_period_start ?? 0)).toBeGreaterThan(364 * day);
    const invoice = await payments.stripe.invoices.retrieve(retrieved.latest_invoice as string);
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    expect(textOf((await payments.page(url)).html)).toContain('$600.00 per year');
  });

  it('re-renders a bad number of seats with a message', async () => {
    const { post, subscription } = await portalFor();
    for (const seats of ['0', 'ten', '', '100001', '2.5']) {
      const answer = await post('seats', { seats });
      expect(answer.status).toBe(400);
      expect(answer.html).toContain('role="alert"');
      expect(answer.html).toContain('Enter a whole number of seats from 1 to 10000.');
      expect(answer.html).toMatch(/id="seats"[^>]*aria-invalid="true" aria-describedby="portal-error"/);
    }
    const bad = await post('plan', { price: 'price_unknown' });
    expect(bad.status).toBe(400);
    expect((await payments.stripe.subscriptions.retrieve(subscription.id)).items.data[0]?.quantity).toBe(5);
  });

  it('cancels at period end and undoes it', async () => {
    const { post, subscription, url } = await portalFor();
    expect((await post('cancel', { when: 'period_end' })).status).toBe(303);
    const scheduled = await payments.stripe.subscriptions.retrieve(subscription.id);
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true });
    const page = await payments.page(url);
    expect(textOf(page.html)).toMatch(/Your subscription will be canceled on/);
    expect(page.html).toContain('>Undo cancellation</button>');
    expect((await post('resume')).status).toBe(303);
    expect((await payments.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });

  it('cancels now; the page then says it ended and offers no actions', async () => {
    const { post, subscription, url } = await portalFor();
    expect((await post('cancel', { when: 'now' })).status).toBe(303);
    expect((await payments.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    const page = await payments.page(url);
    expect(textOf(page.html)).toContain('This subscription has ended.');
    expect(page.html).not.toContain('>Change plan</button>');
    // A stale page's form gets a message, not a change.
    const stale = await post('seats', { seats: '3' });
    expect(stale.status).toBe(409);
    expect(stale.html).toContain('This subscription can no longer be changed.');
  });

  it('moves the clock: a day, to the trial end, a month', async () => {
    const { post, subscription, url, customer } = await portalFor(10);
    expect((await payments.page(url)).html).toContain('>Advance to trial end</button>');
    const start = (await payments.call('GET', `/emulator/clock?customer=${customer}`)).body.now as number;
    expect((await post('clock', { advance: 'day' })).status).toBe(303);
    const afterDay = (await payments.call('GET', `/emulator/clock?customer=${customer}`)).body.now as number;
    expect(afterDay - start).toBeGreaterThanOrEqual(day);
    expect((await post('clock', { advance: 'trial_end' })).status).toBe(303);
    expect((await payments.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await post('clock', { advance: 'month' })).status).toBe(303);
    // The trial's invoice for 0, the trial end's and the renewal's.
    expect((await payments.stripe.invoices.list({ customer })).data).toHaveLength(3);
    expect((await post('clock', { advance: 'century' })).status).toBe(400);
  });

  it('deep-links to the card update (flow_data payment_method_update), then follows after_completion', async () => {
    const { stripe } = payments;
    const { customer } = await portalFor();
    const returnUrl = `${appOrigin}/settings/billing?card=updated`;
    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: `${appOrigin}/settings/billing`,
      flow_data: {
        type: 'payment_method_update',
        after_completion: { type: 'redirect', redirect: { return_url: returnUrl } },
      },
    });
    expect(portal.flow).toMatchObject({
      type: 'payment_method_update',
      after_completion: { type: 'redirect', redirect: { return_url: returnUrl }, hosted_confirmation: null },
    });
    const url = payments.local(portal.url);
    const page = await payments.page(url);
    expect(page.html).toContain('<h1>Update payment method</h1>');
    expect(page.html).toContain('>Update card</button>');
    expect(page.html).not.toContain('>Change plan</button>');
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${appOrigin}`);
    const card = {
      card_number: '5555 5555 5555 4444',
      card_expiry: '12 / 34',
      card_cvc: '123',
      card_name: 'Ada',
    };
    const refused = await payments.postForm(`${url}/card`, { ...card, card_number: '4000 0000 0000 9995' });
    expect(refused.status).toBe(402);
    expect(refused.html).toContain('Your card has insufficient funds.');
    const updated = await payments.postForm(`${url}/card`, card);
    expect(updated.status).toBe(303);
    expect(updated.location).toBe(returnUrl);
    // Done: the session is the whole portal from then on.
    expect((await payments.page(url)).html).toContain('>Change plan</button>');

    const confirming = await stripe.billingPortal.sessions.create({
      customer,
      flow_data: {
        type: 'payment_method_update',
        after_completion: {
          type: 'hosted_confirmation',
          hosted_confirmation: { custom_message: 'Thanks, all set.' },
        },
      },
    });
    const confirmingUrl = payments.local(confirming.url);
    const done = await payments.postForm(`${confirmingUrl}/card`, card);
    expect(done.status).toBe(303);
    const confirmation = await payments.page(`${payments.origin}${done.location}`);
    expect(textOf(confirmation.html)).toContain('Thanks, all set.');
    expect(confirmation.html).not.toContain('>Update card</button>');

    await expect(
      stripe.billingPortal.sessions.create({ customer, flow_data: { type: 'subscription_cancel' } as never }),
    ).rejects.toMatchObject({ param: 'flow_data[type]' });
    await expect(
      stripe.billingPortal.sessions.create({
        customer,
        flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect' } },
      }),
    ).rejects.toMatchObject({ code: 'parameter_missing' });
  });

  it('answers 404 for an unknown session and 410 once the customer is deleted', async () => {
    expect((await payments.page(`${payments.origin}/p/session/bps_unknown`)).status).toBe(404);
    const { url, customer } = await portalFor();
    await payments.stripe.customers.del(customer);
    const gone = await payments.page(url);
    expect(gone.status).toBe(410);
    expect((await payments.postForm(`${url}/seats`, { seats: '2' })).status).toBe(410);
  });

  it('shows a customer without a subscription', async () => {
    const customer = await payments.stripe.customers.create({ email: 'none@example.com' });
    const portal = await payments.stripe.billingPortal.sessions.create({ customer: customer.id });
    const page = await payments.page(payments.local(portal.url));
    expect(page.status).toBe(200);
    expect(textOf(page.html)).toContain('You have no subscription.');
    expect(textOf(page.html)).toContain('No invoices yet.');
    expect(page.html).not.toContain('Return to');
  });
});
