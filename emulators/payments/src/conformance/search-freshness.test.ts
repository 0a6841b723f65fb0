import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, sleep, startTestPayments, type TestPayments } from '#payments/test/test-payments.ts';

// Stripe: "Don't use search for read-after-write flows … the data won't be immediately available to
// search. Under normal operating conditions, data is searchable in under 1 minute"
// (docs.stripe.com/search, Data freshness). With PAYMENTS_SEARCH_DELAY_MS the emulator lags the same
// way, so a product that searches right after a write fails here as it would against Stripe.
const delayMs = 1500;
let payments: TestPayments;
beforeAll(async () => {
  payments = await startTestPayments({ PAYMENTS_SEARCH_DELAY_MS: String(delayMs) });
});
afterAll(() => payments.destroy());

describe('search lags writes when PAYMENTS_SEARCH_DELAY_MS is set', () => {
  it('does not find a just-created customer at once, and finds it after the delay', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({
      email: 'fresh@example.com',
      metadata: { batch: 'new' },
    });
    const madeAt = Date.now();
    const search = () => stripe.customers.search({ query: "metadata['batch']:'new'" });
    expect((await search()).data).toEqual([]);
    // Retrieve and list are not searches: they see the write at once, as Stripe's do.
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    expect((await stripe.customers.list()).data.map((each) => each.id)).toContain(customer.id);
    await sleep(delayMs / 2);
    expect((await search()).data).toEqual([]);
    const found = await eventually(async () => {
      const result = await search();
      expect(result.data.map((each) => each.id)).toEqual([customer.id]);
      return Date.now();
    }, 4 * delayMs);
    expect(found - madeAt).toBeGreaterThanOrEqual(delayMs);
  });

  it('finds what was made before the delay began, at once', async () => {
    const { stripe } = payments;
    const prices = await stripe.prices.search({ query: "lookup_key:'pro'" });
    expect(prices.data.map((price) => price.id)).toEqual(['price_pro_monthly']);
  });
});
