import { beforeAll, describe, expect, it } from 'vitest';
import { testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity();
let adminToken: string;

beforeAll(async () => {
  adminToken = await identity.managementToken();
  await identity.signUp('grace@example.com');
  await identity.signUp('grant@example.org');
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  identity.app.inject({
    method,
    url: `/api/v2/${url}`,
    headers: { authorization: `Bearer ${adminToken}` },
    ...(payload ? { payload } : {}),
  });

describe('POST /api/v2/users', () => {
  it('creates a database user who can then sign in, and refuses a second with the same email', async () => {
    const created = await call('POST', 'users', {
      connection: testTenant.connection,
      email: 'linus@example.com',
      password: testTenant.goodPassword,
      email_verified: true,
      app_metadata: { plan: 'team' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      user_id: expect.stringMatching(/^auth0\|[0-9a-f]{24}$/),
      email: 'linus@example.com',
      email_verified: true,
      app_metadata: { plan: 'team' },
    });
    expect((await identity.passwordLogin('linus@example.com', testTenant.goodPassword)).statusCode).toBe(200);
    const again = await call('POST', 'users', {
      connection: testTenant.connection,
      email: 'Linus@example.com',
      password: testTenant.goodPassword,
    });
    expect(again.json()).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'The user already exists.',
      errorCode: 'auth0_idp_error',
    });
    const weak = await call('POST', 'users', {
      connection: testTenant.connection,
      email: 'weak@example.com',
      password: 'a',
    });
    expect(weak.statusCode).toBe(400);
  });
});

describe('GET /api/v2/users (search) and /api/v2/users-by-email', () => {
  it('reads the Lucene subset: exact, prefix, OR, and refuses what it cannot read', async () => {
    const exact = (
      await call(
        'GET',
        `users?${new URLSearchParams({ q: 'email:"grace@example.com"', search_engine: 'v3' })}`,
      )
    ).json();
    expect(exact.map((user: { email: string }) => user.email)).toEqual(['grace@example.com']);
    const prefix = (
      await call('GET', `users?${new URLSearchParams({ q: 'email:gra*', include_totals: 'true' })}`)
    ).json();
    expect(prefix).toMatchObject({ total: 2, start: 0, limit: 50 });
    const either = (
      await call(
        'GET',
        `users?${new URLSearchParams({ q: 'email:"grace@example.com" OR email:"grant@example.org"' })}`,
      )
    ).json();
    expect(either).toHaveLength(2);
    const bad = await call('GET', `users?${new URLSearchParams({ q: 'email:(a OR b)' })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorCode).toBe('invalid_query_string');
  });

  it('finds users by email whatever its case', async () => {
    const found = (await call('GET', 'users-by-email?email=GRACE@example.com')).json();
    expect(found.map((user: { email: string }) => user.email)).toEqual(['grace@example.com']);
    expect((await call('GET', 'users-by-email?email=nobody@example.com')).json()).toEqual([]);
  });
});

describe('tickets', () => {
  it('makes a password-change link that opens the reset page', async () => {
    const [user] = (await call('GET', 'users-by-email?email=grace@example.com')).json();
    const ticket = await call('POST', 'tickets/password-change', { user_id: user.user_id });
    expect(ticket.statusCode).toBe(201);
    const link = new URL(ticket.json().ticket);
    expect(link.pathname).toBe('/lo/reset');
    const page = await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    const verification = await call('POST', 'tickets/email-verification', { user_id: user.user_id });
    expect(new URL(verification.json().ticket).pathname).toBe('/u/email-verification');
  });
});
