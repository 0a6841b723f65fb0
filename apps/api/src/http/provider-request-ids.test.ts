import diagnosticsChannel from 'node:diagnostics_channel';
import type { ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BillingWorld, startBillingWorld } from '#api/test/test-billing.ts';

// What left this process for a provider, read off Node's own diagnostics channels: the Management API
// client uses fetch (undici), the Stripe SDK Node's http client.
const sent: { url: string; requestId: string | undefined }[] = [];
const onFetch = (message: unknown) => {
  const { request } = message as { request: { origin: string; path: string; headers: unknown } };
  const headers = Array.isArray(request.headers) ? request.headers.join('\n') : String(request.headers);
  const requestId = /x-request-id(?:\r?\n|: ?|,)([\w.:-]+)/i.exec(headers)?.[1];
  sent.push({ url: `${request.origin}${request.path}`, requestId });
};
const onHttp = (message: unknown) => {
  const { request } = message as { request: ClientRequest };
  const requestId = request.getHeader('x-request-id');
  sent.push({
    url: `${request.host}${request.path}`,
    requestId: requestId === undefined ? undefined : String(requestId),
  });
};

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld();
  diagnosticsChannel.subscribe('undici:request:create', onFetch);
  diagnosticsChannel.subscribe('http.client.request.start', onHttp);
});
afterAll(async () => {
  diagnosticsChannel.unsubscribe('undici:request:create', onFetch);
  diagnosticsChannel.unsubscribe('http.client.request.start', onHttp);
  await world?.close();
});

async function callWithId(requestId: string, token: string, method: string, pathname: string, body: unknown) {
  const response = await fetch(`${world.appUrl}${pathname}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      'X-Request-Id': requestId,
    },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(200);
  expect(response.headers.get('x-request-id')).toBe(requestId);
}

describe('request ids reach the providers', () => {
  it("a Management API call made for a request carries that request's id", async () => {
    const user = await world.signedInUser();
    sent.length = 0;
    await callWithId('trace-identity-1', user.token, 'PATCH', '/api/auth-user', { name: 'Grace Hopper' });
    const managementCalls = sent.filter((call) => call.url.includes('/api/v2/users/'));
    expect(managementCalls.length).toBeGreaterThan(0);
    expect(managementCalls.map((call) => call.requestId)).toEqual(
      managementCalls.map(() => 'trace-identity-1'),
    );
  });

  it("a Stripe call made for a request carries that request's id", async () => {
    const user = await world.signedInUser();
    sent.length = 0;
    await callWithId('trace-payments-1', user.token, 'POST', '/api/stripe-create-checkout-session', {
      priceId: 'price_pro_monthly',
      successUrl: `${world.appUrl}/dashboard?paid=true`,
      cancelUrl: `${world.appUrl}/pricing`,
    });
    const stripeCalls = sent.filter((call) => call.url.includes('/v1/'));
    expect(stripeCalls.some((call) => call.url.includes('/v1/checkout/sessions'))).toBe(true);
    expect(stripeCalls.map((call) => call.requestId)).toEqual(stripeCalls.map(() => 'trace-payments-1'));
  });
});
