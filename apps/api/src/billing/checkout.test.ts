import { describe, expect, it } from 'vitest';
import { useBillingWorld } from '#api/test/test-billing.ts';
import type { TestUser } from '#api/test/test-users.ts';

const world = useBillingWorld();

const checkoutBody = (overrides: Record<string, unknown> = {}) => ({
  priceId: 'price_pro_monthly',
  successUrl: `${world().appUrl}/dashboard?paid=true`,
  cancelUrl: `${world().appUrl}/pricing`,
  ...overrides,
});

const startCheckout = (user: TestUser | null, body: unknown = checkoutBody()) =>
  world().call(user, 'POST', '/api/stripe-create-checkout-session', body);

const customersOf = async (user: TestUser) =>
  (await world().payments.stripe.customers.list({ email: user.email, limit: 10 })).data;

describe('GET /api/plans', () => {
  it('lists the three plans with their configured price ids, signed out too', async () => {
    const { status, body } = await world().call(null, 'GET', '/api/plans');
    expect(status).toBe(200);
    expect(body.data.map((plan: { id: string; priceId: string }) => [plan.id, plan.priceId])).toEqual([
      ['starter', 'price_starter_monthly'],
      ['pro', 'price_pro_monthly'],
      ['business', 'price_business_monthly'],
    ]);
  });
});

describe('POST /api/stripe-create-checkout-session', () => {
  it('needs a signed-in user', async () => {
    const { status, body } = await startCheckout(null);
    expect(status).toBe(401);
    expect(body.status).toBe('error');
  });

  it('creates a subscription Checkout Session for the plan, its starting seats and the own customer', async () => {
    const user = await world().signedInUser();
    const { status, body } = await startCheckout(user);
    expect(status).toBe(200);
    expect(body.data.id).toMatch(/^cs_/);
    expect(body.data.url).toMatch(new RegExp(`^${world().payments.origin}/`));

    const session = await world().payments.stripe.checkout.sessions.retrieve(body.data.id);
    const [customer] = await customersOf(user);
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: user.uid,
      customer: customer?.id,
      success_url: `${world().appUrl}/dashboard?paid=true`,
      cancel_url: `${world().appUrl}/pricing`,
    });
    expect(customer?.metadata).toMatchObject({ uid: user.uid });
  });

  it('creates the customer once, also for purchases started at the same moment', async () => {
    const user = await world().signedInUser();
    const answers = await Promise.all(Array.from({ length: 4 }, () => startCheckout(user)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const sessions = await Promise.all(
      answers.map((answer) => world().payments.stripe.checkout.sessions.retrieve(answer.body.data.id)),
    );
    expect(await customersOf(user)).toHaveLength(1);
    expect(new Set(sessions.map((session) => session.customer)).size).toBe(1);
  });

  it.each([
    ['no price', { priceId: undefined }, 'priceId'],
    ['a price that is not one of the plans', { priceId: 'price_free_lunch' }, 'priceId'],
    ['a success address on another site', { successUrl: 'https://evil.example/dashboard' }, 'successUrl'],
    ['a cancel address that is not http', { cancelUrl: 'javascript:alert(1)' }, 'cancelUrl'],
    ['a relative address', { successUrl: '/dashboard?paid=true' }, 'successUrl'],
    ['a number for the price', { priceId: 42 }, 'priceId'],
    ['an unknown field', { quantity: 500 }, '_'],
  ])('refuses %s with a 400 envelope and starts nothing', async (_case, overrides, field) => {
    const user = await world().signedInUser();
    const { status, body } = await startCheckout(user, checkoutBody(overrides));
    expect(status).toBe(400);
    expect(body.status).toBe('error');
    expect(body.message).toEqual(expect.any(String));
    if (field !== '_') expect(Object.keys(body.fields ?? {})).toContain(field);
    expect(await customersOf(user)).toHaveLength(0);
  });

  it('refuses a body that is not JSON', async () => {
    const user = await world().signedInUser();
    const { status } = await startCheckout(user, '{"priceId":');
    expect(status).toBe(400);
  });
});

describe('active plans and the billing portal', () => {
  it('sends a user without a customer to the pricing page, and opens the portal once they have one', async () => {
    const user = await world().signedInUser();
    const returnUrl = `${world().appUrl}/settings/billing`;
    const before = await world().call(user, 'POST', '/api/stripe-create-billing-session', { returnUrl });
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('billing/no-customer');

    await startCheckout(user);
    const after = await world().call(user, 'POST', '/api/stripe-create-billing-session', { returnUrl });
    expect(after.status).toBe(200);
    expect(after.body.data.url).toMatch(new RegExp(`^${world().payments.origin}/`));

    const foreign = await world().call(user, 'POST', '/api/stripe-create-billing-session', {
      returnUrl: 'https://evil.example/',
    });
    expect(foreign.status).toBe(400);
  });

  it('refuses a second purchase while a plan is active (409 billing/already-subscribed)', async () => {
    const user = await world().signedInUser();
    await startCheckout(user);
    const [customer] = await customersOf(user);
    if (!customer) throw new Error('no customer');
    // The operator grants a trial in the provider's dashboard; the webhook writes it.
    await world().payments.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_business_monthly', quantity: 3 }],
      trial_period_days: 14,
    });
    await expect
      .poll(async () => (await world().userDocument(user)).planIsActive, { timeout: 10_000 })
      .toBe(true);

    const again = await startCheckout(user);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('billing/already-subscribed');
  });
});

describe('return addresses: pages of the configured site, never of the request’s headers', () => {
  const evil = 'https://evil.example';
  const notThisSite = 'The return address must be a page of this site.';
  const inject = (user: TestUser, url: string, payload: unknown, headers: Record<string, string>) =>
    world().app.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(payload),
    });
  const allSessions = () =>
    world().payments.stripe.checkout.sessions.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
  const forgedHeaders = {
    origin: evil,
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  };

  it('refuses checkout addresses on the Origin and Host the request claims, and starts nothing', async () => {
    const user = await world().signedInUser();
    const before = (await allSessions()).length;
    for (const body of [
      checkoutBody({ successUrl: `${evil}/dashboard?paid=true`, cancelUrl: `${evil}/pricing` }),
      checkoutBody({ successUrl: `${evil}/dashboard?paid=true` }),
      checkoutBody({ cancelUrl: `${evil}/pricing` }),
    ]) {
      const response = await inject(user, '/api/stripe-create-checkout-session', body, forgedHeaders);
      expect(response.statusCode).toBe(400);
      const envelope = response.json();
      expect(envelope).toMatchObject({ status: 'error', code: 'validation_failed', message: notThisSite });
      const field = body.successUrl.startsWith(evil) ? 'successUrl' : 'cancelUrl';
      expect(envelope.fields).toEqual({ [field]: notThisSite });
    }
    expect(await customersOf(user)).toHaveLength(0);
    expect(await allSessions()).toHaveLength(before);
  });

  it('builds the addresses from the configured origin whatever the Host header says, dropping user info', async () => {
    const user = await world().signedInUser();
    const site = new URL(world().appUrl);
    const response = await inject(
      user,
      '/api/stripe-create-checkout-session',
      checkoutBody({
        successUrl: `http://someone:secret@${site.host}/dashboard?paid=true#plan`,
        cancelUrl: `HTTP://${site.host}/pricing`,
      }),
      forgedHeaders,
    );
    expect(response.statusCode).toBe(200);
    const session = await world().payments.stripe.checkout.sessions.retrieve(response.json().data.id);
    expect(session.success_url).toBe(`${world().appUrl}/dashboard?paid=true#plan`);
    expect(session.cancel_url).toBe(`${world().appUrl}/pricing`);
  });

  it('refuses a portal return address on the Origin the request claims, and accepts the site’s own', async () => {
    const user = await world().signedInUser();
    await startCheckout(user);
    const foreign = await inject(
      user,
      '/api/stripe-create-billing-session',
      { returnUrl: `${evil}/settings/billing` },
      forgedHeaders,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      code: 'validation_failed',
      fields: { returnUrl: notThisSite },
    });
    const own = await inject(
      user,
      '/api/stripe-create-billing-session',
      { returnUrl: `${world().appUrl}/settings/billing` },
      forgedHeaders,
    );
    expect(own.statusCode).toBe(200);
    expect(own.json().data.url).toMatch(new RegExp(`^${world().payments.origin}/`));
  });

  it('accepts the public origin of VITE_SITE_URL', async () => {
    const publicSite = 'https://app.example.com';
    await world().restartApp({ VITE_SITE_URL: `${publicSite}/ignored-path` });
    try {
      const user = await world().signedInUser();
      const { status, body } = await startCheckout(
        user,
        checkoutBody({ successUrl: `${publicSite}/dashboard?paid=true`, cancelUrl: `${publicSite}/pricing` }),
      );
      expect(status).toBe(200);
      const session = await world().payments.stripe.checkout.sessions.retrieve(body.data.id);
      expect(session.success_url).toBe(`${publicSite}/dashboard?paid=true`);
      expect(session.cancel_url).toBe(`${publicSite}/pricing`);
      const portal = await world().call(user, 'POST', '/api/stripe-create-billing-session', {
        returnUrl: `${publicSite}/settings/billing`,
      });
      expect(portal.status).toBe(200);
      const foreign = await world().call(user, 'POST', '/api/stripe-create-billing-session', {
        returnUrl: 'https://app.example.com.evil.example/settings/billing',
      });
      expect(foreign.status).toBe(400);
    } finally {
      await world().restartApp();
    }
  });
});
