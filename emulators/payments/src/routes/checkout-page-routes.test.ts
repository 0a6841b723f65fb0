import { describe, expect, it } from 'vitest';
import {
  appOrigin,
  createSession,
  paidCheckoutEventTypes,
  useTestPayments,
} from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const newEmail = () => `buyer-${Math.random().toString(36).slice(2)}@example.com`;

async function eventTypesFor(customer: string) {
  const events = await payments.stripe.events.list({ limit: 100 });
  return events.data
    .filter((event) => {
      const object = event.data.object as { id?: string; customer?: string | null };
      return object.customer === customer || object.id === customer;
    })
    .map((event) => event.type)
    .reverse();
}

describe('the checkout page', () => {
  it('shows the plan, seats and amount, with a labelled card form', async () => {
    const session = await createSession(payments.stripe, { customer_email: 'shown@example.com' });
    const page = await payments.page(session.url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'none'");
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${appOrigin}`);
    const { html } = page;
    expect(html.match(/<h1>/g)).toHaveLength(1);
    expect(html).toContain('<h1>Subscribe to Pro</h1>');
    expect(textOf(html)).toContain('Seats 5');
    expect(textOf(html)).toContain('$12.00 per month');
    expect(textOf(html)).toContain('Due today: $60.00');
    for (const [id, label] of [
      ['email', 'Email'],
      ['card-number', 'Card number'],
      ['card-expiry', 'Expiry (MM / YY)'],
      ['card-cvc', 'CVC'],
      ['card-name', 'Name on card'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('value="shown@example.com" readonly');
    expect(html).toMatch(/<button type="submit" class="wide">Subscribe<\/button>/);
    expect(html).toContain(`href="${appOrigin}/pricing"`);
    expect(html).toContain('<main');
  });

  it('says Start trial for a session with a trial', async () => {
    const session = await createSession(payments.stripe, { subscription_data: { trial_period_days: 7 } });
    const { html } = await payments.page(session.url ?? '');
    expect(html).toContain('<h1>Start your Pro trial</h1>');
    expect(html).toContain('>Start trial</button>');
    expect(textOf(html)).toContain('Due today: $0.00');
    expect(textOf(html)).toContain('7 days free, then $60.00 per month');
  });

  it('pays with 4242: customer, active subscription, paid invoice, events in order, 303 to success_url', async () => {
    const { stripe } = payments;
    const email = newEmail();
    const session = await createSession(stripe, {
      customer_email: email,
      client_reference_id: 'user-7',
      subscription_data: { metadata: { uid: 'user-7' } },
    });
    // Spaces or none, "MM/YY" or "MMYY": all accepted.
    const paid = await payments.payCheckout(session.url ?? '', {
      card_number: '4242424242424242',
      card_expiry: '1234',
    });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${appOrigin}/dashboard?session=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: 'user-7',
    });
    const customerId = completed.customer as string;
    const customer = await stripe.customers.retrieve(customerId);
    expect(customer).toMatchObject({ email, name: 'Ada Lovelace' });

    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string, {
      expand: ['latest_invoice', 'default_payment_method'],
    });
    expect(subscription).toMatchObject({
      status: 'active',
      customer: customerId,
      metadata: { uid: 'user-7' },
      items: { data: [{ quantity: 5, price: { id: 'price_pro_monthly', unit_amount: 1200 } }] },
      latest_invoice: {
        object: 'invoice',
        status: 'paid',
        amount_due: 6000,
        amount_paid: 6000,
        billing_reason: 'subscription_create',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      },
      default_payment_method: {
        object: 'payment_method',
        card: { brand: 'visa', last4: '4242', exp_year: 2034 },
      },
    });
    const item = subscription.items.data[0];
    expect(item?.current_period_start).toBe(subscription.start_date);
    expect(item?.current_period_end).toBeGreaterThan(subscription.start_date + 27 * 24 * 3600);

    expect(await eventTypesFor(customerId)).toEqual(paidCheckoutEventTypes);
  });

  it('stores the card as Stripe does: attached to the customer, the subscription’s default, not the invoice default', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: newEmail() });
    const session = await createSession(stripe, { customer: customer.id });
    expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    const paymentMethod = subscription?.default_payment_method as string;
    expect(paymentMethod).toMatch(/^pm_/);
    expect(await stripe.paymentMethods.retrieve(paymentMethod)).toMatchObject({
      customer: customer.id,
      card: { last4: '4242' },
    });
    expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((method) => method.id)).toEqual([
      paymentMethod,
    ]);
    expect(await stripe.customers.retrieve(customer.id)).toMatchObject({
      invoice_settings: { default_payment_method: null },
    });
    const attached = (await stripe.events.list({ type: 'payment_method.attached', limit: 1 })).data[0];
    expect(attached?.data.object).toMatchObject({ id: paymentMethod, customer: customer.id });
  });

  it('starts a trial: trialing, an invoice for 0 paid at once, no charge', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: newEmail() });
    const session = await createSession(stripe, {
      customer: customer.id,
      subscription_data: { trial_period_days: 14 },
    });
    const paid = await payments.payCheckout(session.url ?? '', { email: 'ignored@example.com' });
    expect(paid.status).toBe(303);
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    expect(subscription).toMatchObject({ status: 'trialing', latest_invoice: expect.stringMatching(/^in_/) });
    expect((subscription?.trial_end ?? 0) - (subscription?.trial_start ?? 0)).toBe(14 * 24 * 3600);
    expect(subscription?.items.data[0]?.current_period_end).toBe(subscription?.trial_end);
    // Stripe: "An immediate invoice is still created, but for $0" (docs.stripe.com/billing/subscriptions/trials).
    const [invoice, ...others] = (await stripe.invoices.list({ customer: customer.id })).data;
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      id: subscription?.latest_invoice,
      status: 'paid',
      total: 0,
      amount_paid: 0,
      attempt_count: 0,
      billing_reason: 'subscription_create',
    });
    expect(invoice?.lines.data.map((line) => [line.description, line.amount, line.quantity])).toEqual([
      ['Trial period for Pro', 0, 5],
    ]);
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('no_payment_required');
    // customer.created comes from customers.create; the page created no customer.
    expect(await eventTypesFor(customer.id)).toEqual(paidCheckoutEventTypes);
  });

  it.each([
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ])('declines %s with "%s" and creates nothing', async (number, message) => {
    const { stripe } = payments;
    const email = newEmail();
    for (const trial of [undefined, 7]) {
      const session = await createSession(stripe, {
        customer_email: email,
        ...(trial && { subscription_data: { trial_period_days: trial } }),
      });
      const answer = await payments.payCheckout(session.url ?? '', { card_number: number });
      expect(answer.status).toBe(402);
      expect(answer.html).toMatch(
        new RegExp(`<div class="alert" role="alert" id="form-error"><p>${message}</p>`),
      );
      expect(answer.html).toMatch(/id="card-number"[^>]*aria-describedby="[^"]*form-error/);
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    }
    expect((await stripe.customers.list({ email })).data).toEqual([]);
  });

  it('asks for 3-D Secure with 4000 0025 0000 3155, then completes', async () => {
    const { stripe } = payments;
    const session = await createSession(stripe, { customer_email: newEmail() });
    const answer = await payments.payCheckout(session.url ?? '', { card_number: '4000 0025 0000 3155' });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/c/pay/${session.id}/authenticate`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

    const challenge = await payments.page(`${payments.origin}${answer.location}`);
    expect(challenge.status).toBe(200);
    expect(challenge.html).toContain('>Complete authentication</button>');
    expect(challenge.html).toContain('>Fail authentication</button>');
    expect(textOf(challenge.html)).toContain('a payment of $60.00');

    const done = await payments.postForm(`${payments.origin}${answer.location}`, { outcome: 'complete' });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${appOrigin}/dashboard?session=${session.id}`);
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(completed.status).toBe('complete');
    expect((completed.subscription as { status: string }).status).toBe('active');
  });

  it('shows the authentication failure on the checkout page and creates nothing', async () => {
    const { stripe } = payments;
    const email = newEmail();
    const session = await createSession(stripe, { customer_email: email });
    const answer = await payments.payCheckout(session.url ?? '', { card_number: '4000002500003155' });
    const failed = await payments.postForm(`${payments.origin}${answer.location}`, { outcome: 'fail' });
    expect(failed.status).toBe(402);
    expect(failed.html).toContain(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.customers.list({ email })).data).toEqual([]);
    // The challenge is gone: its page sends back to the form.
    const again = await payments.page(`${payments.origin}${answer.location}`);
    expect(again.status).toBe(303);
    // And the form still works.
    expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
  });

  it.each([
    [{ card_number: '4242 4242 4242 4241' }, 'card-number', 'Your card number is invalid.'],
    [{ card_number: '4242 4242' }, 'card-number', 'Your card number is incomplete.'],
    [{ card_number: '' }, 'card-number', 'Your card number is incomplete.'],
    [{ card_number: '4242-abcd' }, 'card-number', 'Your card number is invalid.'],
    [{ card_expiry: '01 / 20' }, 'card-expiry', "Your card's expiration year is in the past."],
    [{ card_expiry: '13 / 40' }, 'card-expiry', "Your card's expiration date is invalid."],
    [{ card_expiry: '1' }, 'card-expiry', "Your card's expiration date is incomplete."],
    [{ card_expiry: '' }, 'card-expiry', "Your card's expiration date is incomplete."],
    [{ card_cvc: '12' }, 'card-cvc', "Your card's security code is incomplete."],
    [{ card_cvc: '12a' }, 'card-cvc', "Your card's security code is invalid."],
    [{ card_cvc: '12345' }, 'card-cvc', "Your card's security code is invalid."],
    [{ card_name: '   ' }, 'card-name', 'Enter the name on your card.'],
    [{ email: 'nope' }, 'email', 'Your email address is invalid.'],
    [{ email: '' }, 'email', 'Your email is incomplete.'],
  ])('re-renders %o with the message next to its field', async (fields, id, message) => {
    const session = await createSession(payments.stripe);
    const answer = await payments.payCheckout(session.url ?? '', fields);
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('role="alert"');
    expect(answer.html).toContain(
      `<p class="field-error" id="${id}-error">${message.replace(/'/g, '&#39;')}</p>`,
    );
    expect(answer.html).toMatch(
      new RegExp(`id="${id}"[^>]*aria-describedby="[^"]*${id}-error"[^>]*aria-invalid="true"`),
    );
    expect((await payments.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('lists every problem at once and keeps what was typed (but not the CVC)', async () => {
    const session = await createSession(payments.stripe);
    const answer = await payments.payCheckout(session.url ?? '', {
      card_number: '4242 4242 4242 4241',
      card_expiry: '00/30',
      card_cvc: '',
      card_name: 'Typed Name',
    });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain('<p>Check your details:</p><ul>');
    expect(answer.html).toContain('value="4242 4242 4242 4241"');
    expect(answer.html).toContain('value="Typed Name"');
    expect(answer.html).toMatch(/id="card-cvc"[^>]*value=""/);
  });

  it('accepts 4000 0000 0000 0341 at checkout (its later charges fail)', async () => {
    const session = await createSession(payments.stripe, { customer_email: newEmail() });
    const answer = await payments.payCheckout(session.url ?? '', { card_number: '4000 0000 0000 0341' });
    expect(answer.status).toBe(303);
    const completed = await payments.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription'],
    });
    expect((completed.subscription as { status: string }).status).toBe('active');
  });

  it('says when a session is complete or expired, and 404 for an unknown one', async () => {
    const { stripe } = payments;
    const session = await createSession(stripe, { customer_email: newEmail() });
    await payments.payCheckout(session.url ?? '');
    const url = payments.local(session.url ?? '');
    const complete = await payments.page(url);
    expect(complete.status).toBe(200);
    expect(complete.html).toContain('<h1>This checkout is complete</h1>');
    expect(complete.html).toContain(`href="${appOrigin}/dashboard?session=${session.id}"`);
    // Paying again changes nothing.
    const again = await payments.payCheckout(url);
    expect(again.status).toBe(303);
    expect(again.location).toBe(`/c/pay/${session.id}`);
    expect(
      (
        await stripe.subscriptions.list({
          customer: (await stripe.checkout.sessions.retrieve(session.id)).customer as string,
        })
      ).data,
    ).toHaveLength(1);

    const other = await createSession(stripe);
    await stripe.checkout.sessions.expire(other.id);
    const expired = await payments.page(payments.local(other.url ?? ''));
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('<h1>This checkout session has expired</h1>');
    expect((await payments.payCheckout(payments.local(other.url ?? ''))).status).toBe(303);

    const unknown = await payments.page(`${payments.origin}/c/pay/cs_test_unknown`);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<h1>Checkout not found</h1>');
  });

  it('answers malformed posts with the form again, never a 500', async () => {
    const session = await createSession(payments.stripe);
    const url = payments.local(session.url ?? '');
    for (const body of [
      '',
      'card_number[]=1&card_number[]=2',
      'email[a][b]=c',
      '%%%',
      'card_number=%E0%A4%A',
    ]) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
        body,
        redirect: 'manual',
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('role="alert"');
    }
    const wrongType = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Accept: 'text/html' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(400);
    const authenticate = await fetch(`${url}/authenticate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome[]=complete',
      redirect: 'manual',
    });
    expect(authenticate.status).toBe(303);
  });

  it('serves its stylesheet', async () => {
    const response = await fetch(`${payments.origin}/assets/payments.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/css');
    expect(await response.text()).toContain(':focus-visible');
  });
});
