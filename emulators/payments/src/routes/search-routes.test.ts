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

  it("reads Stripe's documented forms: single quotes, metadata['k'], null, unquoted numbers", async () => {
    expect(await emails("email:'ada@example.com'")).toEqual(['ada@example.com']);
    expect(await emails("name:'Jane Doe' OR metadata['uid']:'u-grace'")).toEqual(['grace@example.com']);
    expect(await emails("metadata['uid']:'U-ADA'")).toEqual(['ada@example.com']);
    expect(await emails('name:\'Ada Lovelace\' AND metadata["uid"]:"u-ada"')).toEqual(['ada@example.com']);
    expect(await emails("-metadata['uid']:null")).toEqual(['ada@example.com', 'grace@example.com']);
    expect(await emails('phone:null AND email~"example.org"')).toEqual(['alan@example.org']);
    expect(await emails("name:'O\\'Brien'")).toEqual([]);
    expect(await emails(`created<=${Math.floor(Date.now() / 1000) + 60} AND created>0`)).toHaveLength(3);
    expect(await emails(`created>"${Math.floor(Date.now() / 1000) + 3600}"`)).toEqual([]);
  });

  it('refuses what Stripe refuses, with param query', async () => {
    const { stripe } = payments;
    for (const query of [
      'favourite_colour:"blue"',
      'email:"a@example.com" AND name:"A" OR name:"B"',
      'name~"ab"',
      'email:',
      'email "x"',
      "email:'unterminated",
      'email:ada',
      'created~"170"',
      'email>"a"',
      "metadata['uid']~'u-a'",
      'created:"soon"',
      'email:"a" AND (name:"b")',
      Array.from({ length: 11 }, (_, index) => `name:"n${index}"`).join(' OR '),
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

describe('prices, products and invoices search', () => {
  it('finds prices and products by their documented fields', async () => {
    const { stripe } = payments;
    const product = await stripe.products.create({ name: 'Search Team', metadata: { order_id: '6735' } });
    await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1500,
      recurring: { interval: 'month' },
      lookup_key: 'search-team',
      metadata: { order_id: '6735' },
    });
    // The examples of Stripe's API reference (prices.search, products.search).
    const prices = await stripe.prices.search({ query: "active:'true' AND metadata['order_id']:'6735'" });
    expect(prices.data.map((price) => price.lookup_key)).toEqual(['search-team']);
    expect(prices.url).toBe('/v1/prices/search');
    const products = await stripe.products.search({ query: "active:'true' AND metadata['order_id']:'6735'" });
    expect(products.data.map((each) => each.id)).toEqual([product.id]);
    expect((await stripe.products.search({ query: "name~'arch te'" })).data.map((each) => each.id)).toEqual([
      product.id,
    ]);
    expect(
      (await stripe.prices.search({ query: `product:'${product.id}' AND type:'one_time'` })).data,
    ).toEqual([]);
    expect(
      (await stripe.prices.search({ query: "lookup_key:'pro'" })).data.map((price) => price.unit_amount),
    ).toHaveLength(1);
    await expect(stripe.prices.search({ query: 'nickname:"x"' })).rejects.toMatchObject({
      param: 'query',
      message: expect.stringContaining("Field 'nickname' is an unsupported search field for resource prices"),
    });
    await expect(stripe.products.search({ query: "active:'maybe'" })).rejects.toMatchObject({
      param: 'query',
    });
  });

  it('finds invoices by customer, status, total and subscription', async () => {
    const { stripe } = payments;
    const customer = await stripe.customers.create({ email: 'invoices@example.com' });
    const session = await createSession(stripe, { customer: customer.id });
    expect((await payments.payCheckout(session.url ?? '')).status).toBe(303);
    const [subscription] = (await stripe.subscriptions.list({ customer: customer.id })).data;
    const found = await stripe.invoices.search({
      query: `customer:'${customer.id}' AND status:'paid' AND total>999`,
    });
    expect(found.data.map((invoice) => invoice.customer)).toEqual([customer.id]);
    expect(found.url).toBe('/v1/invoices/search');
    const bySubscription = await stripe.invoices.search({ query: `subscription:"${subscription?.id}"` });
    expect(bySubscription.data).toHaveLength(1);
    expect((await stripe.invoices.search({ query: `customer:'${customer.id}' AND total<100` })).data).toEqual(
      [],
    );
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
      query: "status:'active' AND metadata['uid']:'u-subs'",
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
