import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
});
afterAll(() => testApp.close());

const subscribe = (ip: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: { email: 'limit@example.com' },
    remoteAddress: ip,
  });

describe('per-IP limit on public POST endpoints', () => {
  it('answers 429 in the envelope once an address exceeds the limit, while another address still passes', async () => {
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await subscribe('203.0.113.7')).statusCode).toBe(200);
    const limited = await subscribe('203.0.113.7');
    expectErrorEnvelope(
      limited,
      429,
      'rate_limited',
      'Too many requests from your address. Please wait 60 seconds and try again.',
    );
    expect((await subscribe('203.0.113.8')).statusCode).toBe(200);
  });

  it('limits the contact endpoint separately', async () => {
    const send = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { email: 'a@b.co', message: 'hi' },
        remoteAddress: '203.0.113.9',
      });
    for (let attempt = 0; attempt < 3; attempt++) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});
