import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, startTestPayments, type TestPayments } from '#payments/test/test-payments.ts';

let payments: TestPayments;
beforeAll(async () => {
  payments = await startTestPayments();
  const { stripe } = payments;
  await stripe.customers.create({
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    metadata: { uid: 'u-ada' },
  });
  await stripe.customers.create({
    email: 'grace@example.com',
    name: 'Grace Hopper',
    metadata: { uid: 'u-grace' },
  });
  await stripe.customers.create({ email: 'alan@example.org', name: 'Alan Turing' });
});
afterAll(() => payments.destroy());

const emails = async (query: string) =>
  (await payments.stripe.customers.search({ query })).data.map((customer) => customer.email).sort();

describe('customers.search', () => {
  it('finds by email, name, metadata, substring, AND, OR and negation', async () => {
    expect(await emails('email:"ADA@example.com"')).toEqual(['ada@example.com']);
    expect(await emails('metadata["uid"]:"u-grace"')).toEqual(['grace@example.com']);
    expect(await emails("metadata['uid']:null")).toEqual(['alan@example.org']);
    expect(await emails('name~"ing"')).toEqual(['alan@example.org']);
    expect(await emails('email~"example.com" AND -name:"Ada Lovelace"')).toEqual(['grace@example.com']);
    expect(await emails('email:"ada@example.com" OR email:"alan@example.org"')).toEqual([
      'ada@example.com',
      'alan@example.org',
    ]);
    expect(await emails(`created>${Math.floor(Date.now() / 1000) + 3600}`)).toEqual([]);
  });

  it('answers a search_result, paged with next_page, with total_count when expanded', async () => {
    const { stripe } = payments;
    const first = await stripe.customers.search({ query: 'email~"exam"', limit: 2, expand: ['total_count'] });
    expect(first).toMatchObject({
      object: 'search_result',
      url: '/v1/customers/search',
      has_more: true,
      total_count: 3,
    });
    expect(first.data).toHaveLength(2);
    const rest = await stripe.customers.search({
      query: 'email~"exam"',
      limit: 2,
      page: first.next_page ?? '',
    });
    expect(rest).toMatchObject({ has_more: false, next_page: null });
    expect(rest.data).toHaveLength(1);
    expect([...first.data, ...rest.data].map((customer) => customer.email).sort()).toEqual([
      'ada@example.com',
      'alan@example.org',
      'grace@example.com',
    ]);
    // Auto-pagination follows next_page.
    const all = await stripe.customers
      .search({ query: 'email~"exam"', limit: 1 })
      .autoPagingToArray({ limit: 10 });
    expect(all).toHaveLength(3);
  });

  it('refuses what Stripe refuses, with param query', async () => {
    const { stripe } = payments;
    for (const query of [
      'favourite_colour:"blue"',
      'email:"a@example.com" AND name:"A" OR name:"B"',
      'name~"ab"',
      'email:',
      'email "x"',
    ]) {
      await expect(stripe.customers.search({ query }), query).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        param: 'query',
      });
    }
    await expect(stripe.customers.search({} as never)).rejects.toMatchObject({ code: 'parameter_missing' });
  });

  it('is not "retrieve customer search"', async () => {
    const answer = await payments.call('GET', '/v1/customers/search?query=email:"ada@example.com"');
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('search_result');
  });
});

describe('subscriptions.search', () => {
  it('finds by status and metadata', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'subs@example.com' });
    const session = await createSession(stripe, {
      customer: customer.id,
      subscription_data: { metadata: { uid: 'u-subs' } },
    });
    expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
    const found = await stripe.subscriptions.search({
      query: 'status:"active" AND metadata["uid"]:"u-subs"',
    });
    expect(found.data.map((subscription) => subscription.customer)).toEqual([customer.id]);
    expect((await stripe.subscriptions.search({ query: 'status:"canceled"' })).data).toEqual([]);
    await expect(stripe.subscriptions.search({ query: 'email:"subs@example.com"' })).rejects.toMatchObject({
      param: 'query',
      message: expect.stringContaining(
        "Field 'email' is an unsupported search field for resource subscriptions",
      ),
    });
  });
});
