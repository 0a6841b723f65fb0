import { ConfigurationError } from '@launchkit/env';
import { planIds, plans } from '@launchkit/plans';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBillingWorld } from '#api/test/test-billing.ts';
import {
  freePort,
  startTestPaymentsProvider,
  type TestPaymentsProvider,
} from '#api/test/test-payments-provider.ts';
import { type PriceOverrides, resolvePlanPrices } from './resolve-plan-prices.ts';

// The resolver against the real payment emulator, through the real SDK: the seeded catalogue (lookup
// keys on the emulator's fixed price ids), an empty account as `PAYMENTS_SEED_CATALOGUE=false` gives,
// prices replaced the way `npm run stripe:setup` replaces them, and overrides.

const problemsOf = async (stripe: Stripe, overrides: PriceOverrides = {}) => {
  try {
    await resolvePlanPrices(stripe, overrides);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.problems;
    throw error;
  }
  throw new Error('the prices resolved');
};

/** A monthly per-seat price for a plan, as `npm run stripe:setup` creates one. */
async function createPlanPrice(
  stripe: Stripe,
  planId: string,
  options: { lookupKey?: boolean; unitAmount?: number; metadata?: boolean; interval?: 'month' | 'year' } = {},
) {
  const plan = plans.find((candidate) => candidate.id === planId);
  if (!plan) throw new Error(`no plan ${planId}`);
  const existing = (await stripe.products.list({ limit: 100 })).data.find(
    (product) => product.metadata.plan === planId,
  );
  const product = existing ?? (await stripe.products.create({ name: plan.name, metadata: { plan: planId } }));
  return stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: options.unitAmount ?? plan.unitAmount,
    recurring: { interval: options.interval ?? 'month', usage_type: 'licensed' },
    ...(options.lookupKey !== false && {
      lookup_key: options.interval === 'year' ? `${planId}_yearly` : planId,
      transfer_lookup_key: true,
    }),
    ...(options.metadata !== false && { metadata: { plan: planId } }),
  });
}

/**
 * `priceId` is what `plan` sells now, and the seeded price it replaced still names that plan: a
 * subscriber still on the old price keeps their plan.
 */
function expectSold(
  catalogue: Awaited<ReturnType<typeof resolvePlanPrices>>,
  plan: keyof PriceOverrides,
  priceId: string,
) {
  expect(catalogue.priceIds[plan]).toBe(priceId);
  expect(catalogue.planByPriceId.get(priceId)).toBe(plan);
  expect(catalogue.planByPriceId.get(`price_${plan}_monthly`)).toBe(plan);
}

describe('an account with the seeded catalogue (the embedded emulator)', () => {
  let payments: TestPaymentsProvider;
  beforeAll(async () => {
    payments = await startTestPaymentsProvider({ webhookUrl: 'none' });
  });
  afterAll(() => payments?.close());

  it('finds each plan’s price by its lookup key, with no STRIPE_PRICE_* set', async () => {
    const catalogue = await resolvePlanPrices(payments.stripe, {});
    expect(catalogue.priceIds).toEqual({
      starter: 'price_starter_monthly',
      pro: 'price_pro_monthly',
      business: 'price_business_monthly',
    });
    expect(catalogue.planByPriceId.get('price_pro_monthly')).toBe('pro');
    expect(catalogue.planByPriceId.get('price_unknown')).toBeUndefined();
  });

  it('keeps the plan of an archived price when a new price takes the lookup key over', async () => {
    const replacement = await createPlanPrice(payments.stripe, 'pro', { unitAmount: 1300 });
    await payments.stripe.prices.update('price_pro_monthly', { active: false });
    const archived = await payments.stripe.prices.retrieve('price_pro_monthly');
    expect(archived).toMatchObject({ active: false, lookup_key: null, metadata: { plan: 'pro' } });

    expectSold(await resolvePlanPrices(payments.stripe, {}), 'pro', replacement.id);
  });

  it('knows a price by its lookup key alone, without metadata.plan', async () => {
    const bare = await createPlanPrice(payments.stripe, 'starter', { metadata: false, unitAmount: 950 });
    expectSold(await resolvePlanPrices(payments.stripe, {}), 'starter', bare.id);
  });

  it('uses a STRIPE_PRICE_* override over the lookup key; the lookup-key price still names its plan', async () => {
    const other = await createPlanPrice(payments.stripe, 'business', { lookupKey: false, unitAmount: 1400 });
    expectSold(await resolvePlanPrices(payments.stripe, { business: other.id }), 'business', other.id);
  });

  it('refuses an override the account does not have, an archived one, or another plan’s price', async () => {
    const problems = await problemsOf(payments.stripe, {
      starter: 'price_typo',
      pro: 'price_pro_monthly', // archived above
      business: 'price_starter_monthly',
    });
    expect(problems).toEqual([
      'STRIPE_PRICE_STARTER: the payment provider has no price price_typo',
      'STRIPE_PRICE_PRO: price_pro_monthly is archived; a checkout cannot buy it',
      "STRIPE_PRICE_BUSINESS: price_starter_monthly is the starter plan's price (its lookup key or metadata.plan)",
    ]);
  });
});

describe('an empty account (PAYMENTS_SEED_CATALOGUE=false)', () => {
  let payments: TestPaymentsProvider;
  beforeAll(async () => {
    payments = await startTestPaymentsProvider({
      webhookUrl: 'none',
      env: { PAYMENTS_SEED_CATALOGUE: 'false' },
    });
  });
  afterAll(() => payments?.close());

  it('fails, naming each plan without a price and telling to run npm run stripe:setup', async () => {
    const problems = await problemsOf(payments.stripe);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'STRIPE_PRICE_STARTER',
      'STRIPE_PRICE_PRO',
      'STRIPE_PRICE_BUSINESS',
      "the starter plan's yearly price",
      "the pro plan's yearly price",
      "the business plan's yearly price",
    ]);
    for (const problem of problems) expect(problem).toContain('run `npm run stripe:setup`');
  });

  it('names only the plans still missing, and resolves once every plan has its price', async () => {
    const starter = await createPlanPrice(payments.stripe, 'starter');
    const pro = await createPlanPrice(payments.stripe, 'pro');
    const yearly = await Promise.all(
      planIds.map((plan) => createPlanPrice(payments.stripe, plan, { interval: 'year' })),
    );
    const problems = await problemsOf(payments.stripe);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^STRIPE_PRICE_BUSINESS: unset, and no active price has the lookup key 'business'/,
    );

    const business = await createPlanPrice(payments.stripe, 'business');
    const catalogue = await resolvePlanPrices(payments.stripe, {});
    expect(catalogue.priceIds).toEqual({ starter: starter.id, pro: pro.id, business: business.id });
    expect(Object.values(catalogue.yearlyPriceIds)).toEqual(yearly.map((price) => price.id));
    expect(catalogue.periodByPriceId.get(yearly[0]?.id ?? '')).toBe('year');
  });
});

describe('a provider that cannot be used', () => {
  it('names the key the provider refuses', async () => {
    const payments = await startTestPaymentsProvider({ webhookUrl: 'none' });
    try {
      const { port } = new URL(payments.origin);
      const stripe = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: Number(port), protocol: 'http' });
      const [problem] = await problemsOf(stripe);
      expect(problem).toMatch(/^STRIPE_SECRET_KEY: the payment provider refused it/);
    } finally {
      await payments.close();
    }
  });

  it('says the provider is unreachable once the wait is over', async () => {
    const port = await freePort();
    const stripe = new Stripe('sk_test_nobody', {
      host: '127.0.0.1',
      port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const started = Date.now();
    await expect(resolvePlanPrices(stripe, {}, { waitMs: 600 })).rejects.toThrow(
      /the payment provider is not reachable/,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
  });
});

describe('the app, resolving its prices at start', () => {
  const billingWorld = useBillingWorld();

  it('sells the new price after a restart, and a subscriber on the archived one keeps their plan', async () => {
    const world = billingWorld();
    const { user, customer } = await world.customerUser();
    await world.payments.stripe.subscriptions.create({
      customer,
      items: [{ price: 'price_pro_monthly', quantity: 5 }],
      trial_period_days: 14,
    });
    await expect.poll(async () => (await world.userDocument(user)).planId, { timeout: 10_000 }).toBe('pro');

    // The operator changes the pro plan's amount: `npm run stripe:setup` makes a new price that takes
    // the lookup key over and archives the old one.
    const replacement = await createPlanPrice(world.payments.stripe, 'pro', { unitAmount: 1300 });
    await world.payments.stripe.prices.update('price_pro_monthly', { active: false });
    await world.restartApp();

    const listed = await world.call(null, 'GET', '/api/plans');
    const pro = listed.body.data.find((plan: { id: string }) => plan.id === 'pro');
    expect(pro.priceId).toBe(replacement.id);
    expect(await world.userDocument(user)).toMatchObject({
      stripePriceId: 'price_pro_monthly',
      planId: 'pro',
      planIsActive: true,
    });
    // A new buyer gets the new price; the archived one is no longer sold.
    const buyer = await world.signedInUser();
    const checkoutOf = (priceId: string) =>
      world.call(buyer, 'POST', '/api/stripe-create-checkout-session', {
        priceId,
        successUrl: `${world.appUrl}/dashboard?paid=true`,
        cancelUrl: `${world.appUrl}/pricing`,
      });
    const old = await checkoutOf('price_pro_monthly');
    expect([old.status, old.body.code]).toEqual([400, 'billing/unknown-price']);
    const current = await checkoutOf(replacement.id);
    expect(current.status).toBe(200);
    const session = await world.payments.stripe.checkout.sessions.listLineItems(current.body.data.id);
    expect(session.data[0]).toMatchObject({ price: { id: replacement.id }, quantity: 5 });
  });
});
