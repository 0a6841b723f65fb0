import { describe, expect, it } from 'vitest';
import { useTestPayments } from '#payments/test/test-payments.ts';

const payments = useTestPayments();

const refusal = (type: string) => ({
  error: {
    type: 'invalid_request_error',
    message: `Invalid request: unsupported Content-Type ${type}. If error persists and you need assistance, please contact support@stripe.com.`,
  },
});

describe('form-encoded bodies only on /v1', () => {
  it('refuses a JSON body with Stripe’s answer and creates nothing', async () => {
    const before = await payments.stripe.customers.list({ limit: 100 });
    const answer = await payments.call('POST', '/v1/customers', {
      body: '{"email":"json@example.com"}',
      contentType: 'application/json',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(refusal('application/json'));
    const after = await payments.stripe.customers.list({ limit: 100 });
    expect(after.data).toHaveLength(before.data.length);
  });

  it('refuses any other type of body the same way', async () => {
    for (const type of ['text/plain; charset=utf-8', 'application/xml', 'multipart/form-data; boundary=x']) {
      const answer = await payments.call('POST', '/v1/customers', { body: 'email=x', contentType: type });
      expect(answer.status, type).toBe(400);
      expect(answer.body, type).toEqual(refusal(type));
    }
  });

  it('takes the same fields form-encoded, with or without a charset', async () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=utf-8',
    ]) {
      const answer = await payments.call('POST', '/v1/customers', {
        body: 'email=form%40example.com',
        contentType: type,
      });
      expect(answer.status, type).toBe(200);
      expect(answer.body.email).toBe('form@example.com');
    }
  });

  it('reads a body-less request whatever its content type, and leaves the emulator’s own routes on JSON', async () => {
    const list = await payments.call('GET', '/v1/customers', {
      headers: { 'Content-Type': 'application/json' },
    });
    expect(list.status).toBe(200);
    const deliveries = await payments.call('GET', '/emulator/webhook-deliveries', {
      headers: { 'Content-Type': 'application/json' },
    });
    expect(deliveries.status).toBe(200);
  });
});
