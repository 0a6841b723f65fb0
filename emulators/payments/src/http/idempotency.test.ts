import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, without doing it again', async () => {
    const { stripe } = payments;
    const first = await stripe.customers.create(
      { email: 'once@example.com', metadata: { uid: 'u-1' } },
      { idempotencyKey: 'customer-for-u-1' },
    );
    const second = await stripe.customers.create(
      { email: 'once@example.com', metadata: { uid: 'u-1' } },
      { idempotencyKey: 'customer-for-u-1' },
    );
    expect(second).toEqual(first);
    expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ email: 'once@example.com' })).data).toHaveLength(1);
    const created = await stripe.events.list({ type: 'customer.created', limit: 100 });
    const forIt = created.data.filter((event) => (event.data.object as { id: string }).id === first.id);
    expect(forIt).toHaveLength(1);
    expect(forIt[0]?.request).toEqual({
      id: expect.stringMatching(/^req_/),
      idempotency_key: 'customer-for-u-1',
    });
  });

  it('refuses the same key with another body or on another endpoint (idempotency_error)', async () => {
    const { stripe } = payments;
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'reused-key' });
    const mismatch = stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'reused-key' });
    await expect(mismatch).rejects.toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    await expect(mismatch).rejects.toThrow(/same parameters/);
    const customer = await stripe.customers.create({});
    await expect(
      stripe.customers.update(customer.id, { email: 'a@example.com' }, { idempotencyKey: 'reused-key' }),
    ).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      message: expect.stringMatching(/same endpoint/),
    });
  });

  it('runs concurrent requests with one key once', async () => {
    const { stripe } = payments;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey: 'concurrent-key' }),
      ),
    );
    expect(new Set(answers.map((customer) => customer.id)).size).toBe(1);
    expect((await stripe.customers.list({ email: 'race@example.com' })).data).toHaveLength(1);
    const replays = answers.filter((answer) => answer.lastResponse.headers['idempotent-replayed'] === 'true');
    expect(replays).toHaveLength(7);
  });

  it('keeps no result for a request refused for its parameters, so a corrected retry runs', async () => {
    const { stripe } = payments;
    await expect(
      stripe.customers.create({ email: 'bad' }, { idempotencyKey: 'fixed-later' }),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError' });
    await expect(
      stripe.customers.create({ bogus: true } as never, { idempotencyKey: 'fixed-later' }),
    ).rejects.toMatchObject({ code: 'parameter_unknown' });
  });

  it('runs a refused request again rather than replaying the refusal', async () => {
    const body = 'customer=cus_nobody&return_url=http%3A%2F%2F127.0.0.1%2F';
    const headers = { 'Idempotency-Key': 'missing-customer' };
    const first = await payments.call('POST', '/v1/billing_portal/sessions', { body, headers });
    const customer = await payments.stripe.customers.create({});
    const fixed = body.replace('cus_nobody', customer.id);
    const second = await payments.call('POST', '/v1/billing_portal/sessions', { body: fixed, headers });
    expect(first.status).toBe(400);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
  });

  it('treats the same parameters in another order as the same request', async () => {
    const headers = { 'Idempotency-Key': 'order-key' };
    const first = await payments.call('POST', '/v1/customers', {
      body: 'email=o%40example.com&name=O',
      headers,
    });
    const second = await payments.call('POST', '/v1/customers', {
      body: 'name=O&email=o%40example.com',
      headers,
    });
    expect(second.body.id).toBe(first.body.id);
  });
});
