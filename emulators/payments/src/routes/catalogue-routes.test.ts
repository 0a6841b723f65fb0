import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPayments, type TestPayments } from '../test/test-payments.ts';

let payments: TestPayments;
beforeAll(async () => {
  payments = await startTestPayments({ STRIPE_PRICE_BUSINESS_AMOUNT: '1999' });
});
afterAll(() => payments.destroy());

describe('seeded products and prices', () => {
  it('lists the three plans as monthly per-seat prices with lookup keys', async () => {
    const prices = await payments.stripe.prices.list({ active: true });
    expect(prices.object).toBe('list');
    expect(prices.url).toBe('/v1/prices');
    expect(prices.has_more).toBe(false);
    const byPlan = Object.fromEntries(prices.data.map((price) => [price.lookup_key, price]));
    expect(Object.keys(byPlan).sort()).toEqual(['business', 'pro', 'starter']);
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
    expect(ofProduct.data.map((price) => price.id)).toEqual(['price_business_monthly']);
    expect((await payments.stripe.prices.list({ type: 'one_time' })).data).toEqual([]);
  });

  it('answers Stripe errors for unknown prices and bad expansions', async () => {
    await expect(payments.stripe.prices.retrieve('price_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_nope'",
    });
    await expect(
      payments.stripe.prices.retrieve('price_pro_monthly', { expand: ['nickname'] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      message: 'This property cannot be expanded (nickname).',
    });
  });
});
