import { describe, expect, it } from 'vitest';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import type { TestUser } from '#api/test/test-users.ts';

const suite = useAppWithIdentity({ WRITE_RATE_LIMIT_MAX: '3', WRITE_RATE_LIMIT_WINDOW_MS: '60000' });
const { newUser } = suite;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  person: TestUser | null,
  payload?: unknown,
  remoteAddress = '203.0.113.20',
) {
  return suite.testApp.app.inject({
    method,
    url,
    remoteAddress,
    headers: {
      ...(person && { authorization: `Bearer ${person.token}` }),
      ...(payload !== undefined && { 'content-type': 'application/json' }),
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
}

const createItem = (person: TestUser, remoteAddress?: string) =>
  call('POST', '/api/items', person, { name: 'An item' }, remoteAddress);

describe('per-user limit on the writes of signed-in users (WRITE_RATE_LIMIT_MAX)', () => {
  it('answers the 4th write of a user 429 rate_limited_user in the envelope; another user is unaffected', async () => {
    const [person, other] = [await newUser(), await newUser()];
    const created = await createItem(person);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await call('PATCH', `/api/items/${id}`, person, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/items/${id}`, person)).statusCode).toBe(200);

    const limited = await createItem(person);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      status: 'error',
      code: 'rate_limited_user',
      message: expect.stringMatching(
        /^You are making changes too quickly\. Please wait (59|60) seconds and try again\.$/,
      ),
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The IETF draft's names, as every limit writes them (docs/limits.md).
    expect(limited.headers['ratelimit-limit']).toBe('3');
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    expect(limited.headers['x-ratelimit-limit']).toBeUndefined();

    // From the same address, another person has their own budget; reads are not counted.
    expect((await createItem(other)).statusCode).toBe(201);
    expect((await call('GET', '/api/items', person)).statusCode).toBe(200);
  });

  it('counts by the verified user, not the address: a new address gives no new budget', async () => {
    const person = await newUser();
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await createItem(person, address)).statusCode).toBe(201);
    }
    expect((await createItem(person, '198.51.100.4')).statusCode).toBe(429);
  });

  it('covers every signed-in write: items, members, auth-user, checkout and the billing portal', async () => {
    const person = await newUser();
    for (let index = 0; index < 3; index++) expect((await createItem(person)).statusCode).toBe(201);
    const writes = [
      call('POST', '/api/items', person, { name: 'More' }),
      call('PATCH', '/api/items/00000000-0000-4000-8000-000000000000', person, { name: 'x' }),
      call('DELETE', '/api/items/00000000-0000-4000-8000-000000000000', person),
      call('POST', '/api/sub-users', person, { firstName: 'A', lastName: 'B', email: 'a@example.com' }),
      call('PATCH', '/api/auth-user', person, { name: 'Someone' }),
      call('POST', '/api/stripe-create-checkout-session', person, { priceId: 'price_pro_monthly' }),
      call('POST', '/api/stripe-create-billing-session', person, { returnUrl: 'http://localhost:3000/' }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.statusCode).toBe(429);
      expect(response.json().code).toBe('rate_limited_user');
    }
  });

  it('checks the token first: a write without a valid one is 401, whatever the count', async () => {
    for (let index = 0; index < 5; index++) {
      const response = await call('POST', '/api/items', null, { name: 'Anonymous' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('auth/invalid-user-token');
    }
  });
});
