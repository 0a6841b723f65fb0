import { describe, expect, it } from 'vitest';
import { monthlyPrice, startTestPayments, useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments({ STRIPE_PRICE_BUSINESS_AMOUNT: '1999' });

describe('seeded products and prices', () => {
  it('lists the three plans as monthly and yearly per-seat prices with lookup keys', async () => {
    const prices = await payments.stripe.prices.list({ active: true });
    expect(prices.object).toBe('list');
    expect(prices.url).toBe('/v1/prices');
    expect(prices.has_more).toBe(false);
    const byPlan = Object.fromEntries(prices.data.map((price) => [price.lookup_key, price]));
    expect(Object.keys(byPlan).sort()).toEqual([
      'business',
      'business_yearly',
      'pro',
      'pro_yearly',
      'starter',
      'starter_yearly',
    ]);
    expect(byPlan.pro_yearly).toMatchObject({
      id: 'price_pro_yearly',
      unit_amount: 12000,
      product: 'prod_pro',
      recurring: { interval: 'year', interval_count: 1, usage_type: 'licensed' },
    });
    expect(byPlan.pro).toMatchObject({
      id: 'price_pro_monthly',
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 1200,
      type: 'recurring',
      billing_scheme: 'per_unit',
      product: 'prod_pro',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      metadata: { plan: 'pro' },
      livemode: false,
    });
    expect(byPlan.business?.unit_amount).toBe(1999);
  });

  it('retrieves a price with its product expanded, and products by id', async () => {
    const price = await payments.stripe.prices.retrieve('price_starter_monthly', { expand: ['product'] });
    expect(price.product).toMatchObject({
      id: 'prod_starter',
      object: 'product',
      name: 'Starter',
      active: true,
    });
    const product = await payments.stripe.products.retrieve('prod_business');
    expect(product).toMatchObject({
      name: 'Business',
      default_price: 'price_business_monthly',
      metadata: { plan: 'business' },
    });
    expect(product.marketing_features.length).toBeGreaterThan(0);
    const products = await payments.stripe.products.list({ limit: 2 });
    expect(products.data).toHaveLength(2);
    expect(products.has_more).toBe(true);
    const rest = await payments.stripe.products.list({ starting_after: products.data[1]?.id });
    expect(rest.data).toHaveLength(1);
    expect(rest.has_more).toBe(false);
  });

  it('filters prices by lookup key and product, and expands data.product on lists', async () => {
    const found = await payments.stripe.prices.list({
      lookup_keys: ['pro', 'starter'],
      expand: ['data.product'],
    });
    expect(found.data.map((price) => price.id).sort()).toEqual([
      'price_pro_monthly',
      'price_starter_monthly',
    ]);
    expect(found.data.every((price) => typeof price.product === 'object')).toBe(true);
    const ofProduct = await payments.stripe.prices.list({ product: 'prod_business' });
    expect(ofProduct.data.map((price) => price.id).sort()).toEqual([
      'price_business_monthly',
      'price_business_yearly',
    ]);
    expect((await payments.stripe.prices.list({ type: 'one_time' })).data).toEqual([]);
  });

  it('answers Stripe errors for unknown prices and bad expansions', async () => {
    await expect(payments.stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
      param: 'id',
    });
    await expect(
      payments.stripe.prices.retrieve('price_pro_monthly', { expand: ['nickname'] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'This property cannot be expanded (nickname).',
    });
  });
});

describe('products and prices made through the API', () => {
  it('creates a product and a monthly price with a lookup key, with their events', async () => {
    const { stripe } = payments;
    const product = await stripe.products.create({
      name: 'Agency',
      unit_label: 'seat',
      marketing_features: [{ name: 'Unlimited items' }],
      metadata: { plan: 'agency' },
    });
    expect(product).toMatchObject({
      object: 'product',
      name: 'Agency',
      active: true,
      default_price: null,
      unit_label: 'seat',
      marketing_features: [{ name: 'Unlimited items' }],
      metadata: { plan: 'agency' },
    });
    expect(product.id).toMatch(/^prod_[A-Za-z0-9]{14}$/);
    const price = await stripe.prices.create({
      product: product.id,
      currency: 'USD',
      unit_amount: 4900,
      recurring: { interval: 'month' },
      lookup_key: 'agency',
      nickname: 'Agency monthly',
    });
    expect(price).toMatchObject({
      object: 'price',
      product: product.id,
      currency: 'usd',
      unit_amount: 4900,
      type: 'recurring',
      recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
      lookup_key: 'agency',
      active: true,
    });
    const updated = await stripe.products.update(product.id, { default_price: price.id });
    expect(updated.default_price).toBe(price.id);
    expect((await stripe.prices.list({ lookup_keys: ['agency'] })).data.map((each) => each.id)).toEqual([
      price.id,
    ]);
    const types = (await stripe.events.list({ limit: 3 })).data.map((event) => event.type);
    expect(types).toEqual(['product.updated', 'price.created', 'product.created']);

    // A one-time price exists but cannot be subscribed to.
    const once = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 100 });
    expect(once).toMatchObject({ type: 'one_time', recurring: null });
    const customer = await stripe.customers.create({});
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: once.id }],
        trial_period_days: 3,
      }),
    ).rejects.toMatchObject({ param: 'items[0][price]' });
  });

  it('keeps lookup keys unique: taken only with transfer_lookup_key', async () => {
    const { stripe } = payments;
    const product = await stripe.products.create({ name: 'Keys' });
    const first = await stripe.prices.create(monthlyPrice(product.id, 100, 'keys'));
    const again = monthlyPrice(product.id, 200);
    await expect(stripe.prices.create({ ...again, lookup_key: 'keys' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'lookup_key',
      message: `A price (\`${first.id}\`) already uses that lookup key.`,
    });
    const second = await stripe.prices.create({ ...again, lookup_key: 'keys', transfer_lookup_key: true });
    expect(second.lookup_key).toBe('keys');
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    const archived = await stripe.prices.update(first.id, { active: false, nickname: 'old' });
    expect(archived).toMatchObject({ active: false, nickname: 'old' });
    expect((await stripe.events.list({ type: 'price.updated', limit: 1 })).data[0]?.data).toMatchObject({
      object: { id: first.id, active: false },
      previous_attributes: { active: true, nickname: null },
    });
  });

  it('refuses what the emulator does not bill, and unknown products', async () => {
    const { stripe } = payments;
    const product = await stripe.products.create({ name: 'Weekly' });
    await expect(
      stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 100,
        recurring: { interval: 'week' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'recurring[interval]' });
    await expect(
      stripe.prices.create({ product: 'prod_nope', currency: 'usd', unit_amount: 100 }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'product' });
    await expect(stripe.products.create({} as never)).rejects.toMatchObject({
      code: 'parameter_missing',
      param: 'name',
    });
    await expect(stripe.products.update('prod_nope', { name: 'x' })).rejects.toMatchObject({
      statusCode: 404,
      param: 'id',
    });
  });
});

describe('an account without the seeded catalogue (PAYMENTS_SEED_CATALOGUE=false)', () => {
  it('starts with no products or prices', async () => {
    const empty = await startTestPayments({ PAYMENTS_SEED_CATALOGUE: 'false' });
    try {
      expect((await empty.stripe.products.list()).data).toEqual([]);
      expect((await empty.stripe.prices.list()).data).toEqual([]);
    } finally {
      await empty.destroy();
    }
  });
});
