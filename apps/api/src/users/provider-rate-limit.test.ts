import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from '#api/test/test-identity-provider.ts';
import { createTestUsers } from '#api/test/test-users.ts';

// The identity provider's Management API limit (Auth0: per tenant, x-ratelimit-* and 429): the API waits
// a moment for the bucket when it says so, and otherwise answers that the service is busy, never a 500.

/** Spends the provider's Management API bucket, as other callers of the same tenant would. */
async function spendManagementBucket(identity: TestIdentityProvider) {
  const { access_token: token } = (await (
    await fetch(`${identity.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'launchkit-api',
        client_secret: identity.appEnv.AUTH0_MANAGEMENT_CLIENT_SECRET,
        audience: `${identity.origin}/api/v2/`,
      }),
    })
  ).json()) as { access_token: string };
  for (;;) {
    const response = await fetch(`${identity.origin}/api/v2/users/auth0%7C000000000000000000000000`, {
      headers: { authorization: `Bearer ${token}`, connection: 'close' },
    });
    await response.arrayBuffer();
    if (response.status === 429) return;
  }
}

describe.each([
  { perMinute: '60', outcome: 'waits for the bucket (a second) and answers' },
  { perMinute: '1', outcome: 'answers 503 identity_unavailable when the wait would be long' },
])('a rate-limited Management API ($perMinute a minute)', ({ perMinute, outcome }) => {
  let identity: TestIdentityProvider;
  let testApp: TestApp;
  beforeAll(async () => {
    identity = await startTestIdentityProvider({ IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE: perMinute });
    testApp = await startTestApp(identity.appEnv);
  });
  afterAll(async () => {
    await testApp?.close();
    await identity?.close();
  });

  it(outcome, async () => {
    const person = await createTestUsers(identity)();
    await spendManagementBucket(identity);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth-user/authentication-methods',
      headers: { authorization: `Bearer ${person.token}` },
    });
    if (perMinute === '60') {
      expect(response.statusCode, response.body).toBe(200);
    } else {
      expectErrorEnvelope(
        response,
        503,
        'identity_unavailable',
        'The sign-in service is busy. Try again in a few seconds.',
      );
    }
  });
});
