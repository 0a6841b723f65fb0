import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

describe('errors in Stripe shapes, as the SDK error classes', () => {
  it('a missing parameter', async () => {
    const error = await payments.stripe.billingPortal.sessions.create({} as never).catch((caught) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'customer',
      message: 'Missing required param: customer.',
    });
  });

  it('an unknown parameter', async () => {
    const error = await payments.stripe.customers
      .create({ nickname: 'x' } as never)
      .catch((caught) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      code: 'parameter_unknown',
      message: 'Received unknown parameter: nickname',
    });
  });

  it('an unknown resource', async () => {
    const error = await payments.stripe.customers.retrieve('cus_missing').catch((caught) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('a bad or missing key, Bearer or Basic', async () => {
    const port = Number(new URL(payments.origin).port);
    const wrong = new Stripe('sk_test_wrong_key_1234', { host: '127.0.0.1', port, protocol: 'http' });
    const error = await wrong.customers.list().catch((caught) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.message).toBe('Invalid API Key provided: sk_test_**********1234');
    const none = await payments.call('GET', '/v1/customers', { key: null });
    expect(none.status).toBe(401);
    expect(none.body.error.message).toMatch(/^You did not provide an API key/);
    const basic = await payments.call('GET', '/v1/customers', {
      key: null,
      headers: { Authorization: `Basic ${Buffer.from('sk_test_payments_suite:').toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    const emulatorEndpoint = await payments.call('GET', '/emulator/webhook-deliveries', { key: 'sk_nope' });
    expect(emulatorEndpoint.status).toBe(401);
  });

  it('an unknown route, whatever the key', async () => {
    for (const key of [undefined, null, 'sk_wrong']) {
      const answer = await payments.call('GET', '/v1/x', { key });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: {
          type: 'invalid_request_error',
          message:
            'Unrecognized request URL (GET: /v1/x). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
        },
      });
    }
    const error = await payments.stripe.rawRequest('POST', '/v1/charges', {}).catch((caught) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error.statusCode).toBe(404);
    expect((await payments.call('PUT', '/v1/customers')).status).toBe(404);
  });

  it('answers pages for browsers and JSON for the rest', async () => {
    const page = await payments.page(`${payments.origin}/nowhere`);
    expect(page.status).toBe(404);
    expect(page.html).toContain('<h1>Page not found</h1>');
    const home = await payments.page(`${payments.origin}/`);
    expect(home.status).toBe(200);
    expect(home.html).toContain('price_pro_monthly');
  });
});

describe('malformed requests never get a 500', () => {
  const bodies: [string, string | undefined][] = [
    ['application/json', '{"email":'],
    ['application/json', '[1,2,3]'],
    ['application/json', '"text"'],
    ['application/json', '{"__proto__":{"x":1}}'],
    ['text/plain', 'email=x'],
    ['application/xml', '<customer/>'],
    ['application/x-www-form-urlencoded', 'email[]=a&email[]=b'],
    ['application/x-www-form-urlencoded', 'email[nested][deep]=x'],
    ['application/x-www-form-urlencoded', 'metadata=notahash'],
    ['application/x-www-form-urlencoded', 'metadata[a][b]=c'],
    ['application/x-www-form-urlencoded', `metadata[${'k'.repeat(50)}]=v`],
    ['application/x-www-form-urlencoded', 'expand[0]=customer.customer.customer.customer.customer'],
    ['application/x-www-form-urlencoded', 'expand=nonsense'],
    ['application/x-www-form-urlencoded', '%E0%A4%A=%%%'],
    ['application/x-www-form-urlencoded', 'a[b][c][d][e][f][g][h][i]=1'],
    ['application/x-www-form-urlencoded', '&&&=&=='],
    ['application/x-www-form-urlencoded', `name=${'x'.repeat(300_000)}`],
  ];

  it.each(bodies)('POST /v1/customers with %s %s', async (contentType, body) => {
    const answer = await payments.call('POST', '/v1/customers', { body, contentType });
    expect(answer.status).toBeLessThan(500);
    // An empty form is a valid (empty) customer; everything else here is refused.
    if (body !== '&&&=&==') {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', message: expect.any(String) });
    }
  });

  const endpoints: [string, string][] = [
    ['POST', '/v1/checkout/sessions'],
    ['POST', '/v1/subscriptions'],
    ['POST', '/v1/subscriptions/sub_x'],
    ['DELETE', '/v1/subscriptions/sub_x'],
    ['POST', '/v1/billing_portal/sessions'],
    ['POST', '/v1/webhook_endpoints'],
    ['POST', '/v1/customers/cus_x'],
    ['GET', '/v1/subscriptions'],
    ['GET', '/v1/invoices'],
    ['GET', '/v1/events'],
    ['GET', '/v1/prices'],
    ['POST', '/emulator/clock/advance'],
  ];
  const queries = [
    'line_items=x&items=y&customer[a]=b',
    'line_items[0]=x&items[0]=y',
    'line_items[0][price][x]=1&items[0][quantity]=abc',
    'limit=abc&status[]=x&customer[]=y',
    'subscription_data=x&metadata[]=1',
    'expand[]=data.nothing',
    'starting_after[a]=1',
    'enabled_events=abc&url[x]=y',
    'seconds=1e9&customer[]=x',
  ];

  it.each(endpoints)('%s %s with odd parameters', async (method, pathname) => {
    for (const query of queries) {
      const answer =
        method === 'GET'
          ? await payments.call(method, `${pathname}?${query}`)
          : await payments.call(method, pathname, { body: query });
      expect(answer.status, `${method} ${pathname} ${query}`).toBeLessThan(500);
      // (An empty list has nothing to expand, so `expand[]=data.nothing` may pass.)
      if (answer.status >= 400) expect(answer.body.error?.type).toBeDefined();
      else expect(query).toBe('expand[]=data.nothing');
    }
  });

  it('a broken URL or an overlong id', async () => {
    const broken = await payments.call('GET', '/v1/customers/%E0%A4%A');
    expect(broken.status).toBe(400);
    expect(broken.body.error.type).toBe('invalid_request_error');
    const long = await payments.call('GET', `/v1/customers/cus_${'x'.repeat(300)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toMatch(/too long/);
    const page = await payments.page(`${payments.origin}/c/pay/cs_${'x'.repeat(300)}`);
    expect(page.status).toBe(400);
    expect(page.html).toContain('<h1>Request not understood</h1>');
  });
});
