import { createHmac } from 'node:crypto';
import { signedInAtClaim } from '@launchkit/api-contract/access-token-claims';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from '#api/test/test-identity-provider.ts';

let identity: TestIdentityProvider;
let testApp: TestApp;
let uid: string;
let validToken: string;

beforeAll(async () => {
  identity = await startTestIdentityProvider();
  testApp = await startTestApp(identity.appEnv);
  const email = `verify-${Date.now()}@example.com`;
  const signedUp = await identity.signUp(email);
  uid = `auth0|${signedUp._id}`;
  validToken = (await identity.signIn(email)).access_token;
});
afterAll(async () => {
  await testApp?.close();
  await identity?.close();
});

const getUser = (authorization?: string) =>
  testApp.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: authorization === undefined ? {} : { authorization },
  });

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

function expectRejected(response: Awaited<ReturnType<typeof getUser>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ status: 'error', code: 'auth/invalid-user-token' });
}

describe('access tokens on the product API', () => {
  it('accepts the provider’s token and answers the caller’s own user document', async () => {
    const response = await getUser(`Bearer ${validToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ uid });
  });

  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['garbage', 'Bearer not.a.jwt'],
    ['two tokens', `Bearer ${'x'} ${'y'}`],
  ])('refuses %s', async (_label, header) => {
    expectRejected(await getUser(header));
  });

  it('refuses alg none', async () => {
    const [, payload] = validToken.split('.');
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    expectRejected(await getUser(`Bearer ${unsigned}`));
  });

  it('refuses HS256, also when keyed with the public JWKS (algorithm confusion)', async () => {
    const jwks = await (await fetch(`${identity.origin}/.well-known/jwks.json`)).text();
    const [, payload] = validToken.split('.');
    const header = base64url({ alg: 'HS256', typ: 'JWT' });
    const signature = createHmac('sha256', jwks).update(`${header}.${payload}`).digest('base64url');
    expectRejected(await getUser(`Bearer ${header}.${payload}.${signature}`));
  });

  it('refuses a tampered payload', async () => {
    const [header, payload, signature] = validToken.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    const tampered = base64url({ ...claims, sub: 'auth0|someone-else' });
    expectRejected(await getUser(`Bearer ${header}.${tampered}.${signature}`));
  });

  it('refuses a key the provider does not publish (unknown kid, and a known kid with a foreign key)', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forge = (kid: string) =>
      new SignJWT({ sub: uid, iss: `${identity.origin}/`, aud: `${identity.origin}/api/v2/` })
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
    expectRejected(await getUser(`Bearer ${await forge('unknown-kid')}`));
    const knownKid = JSON.parse(Buffer.from(validToken.split('.')[0] as string, 'base64url').toString()).kid;
    expectRejected(await getUser(`Bearer ${await forge(knownKid)}`));
  });

  it('refuses a wrong issuer or audience even when signed by the provider', async () => {
    expectRejected(
      await getUser(
        `Bearer ${await identity.signWithProviderKey({ sub: uid, iss: 'https://evil.example/' })}`,
      ),
    );
    expectRejected(
      await getUser(`Bearer ${await identity.signWithProviderKey({ sub: uid, aud: 'launchkit-web' })}`),
    );
  });

  it('allows 60 s of clock skew on expiry and no more', async () => {
    const withinLeeway = await identity.signWithProviderKey({ sub: uid, iat: now() - 3600, exp: now() - 30 });
    expect((await getUser(`Bearer ${withinLeeway}`)).statusCode).toBe(200);
    const expired = await identity.signWithProviderKey({ sub: uid, iat: now() - 3600, exp: now() - 90 });
    expectRejected(await getUser(`Bearer ${expired}`));
  });

  it('refuses a token without a subject', async () => {
    expectRejected(await getUser(`Bearer ${await identity.signWithProviderKey({})}`));
  });

  it('refuses the id token in place of the access token (its audience is the client)', async () => {
    const { id_token: idToken } = await identity.signIn(
      (await getUser(`Bearer ${validToken}`)).json().data.email,
    );
    expectRejected(await getUser(`Bearer ${idToken}`));
  });
});

describe('only user tokens issued to the web client', () => {
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as Record<string, unknown>;
  const streamWith = (token: string) =>
    testApp.app.inject({
      method: 'GET',
      url: '/api/items/stream',
      headers: { authorization: `Bearer ${token}` },
    });

  /** The Management API client's own token, as the API server itself gets one. */
  async function machineToken() {
    const response = await fetch(`${identity.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'client_credentials',
        client_id: 'launchkit-api',
        client_secret: 'dev-management-secret',
        audience: `${identity.origin}/api/v2/`,
      }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  it('accepts a sign-in token, which names the web client as its authorized party', async () => {
    expect(claimsOf(validToken)).toMatchObject({ azp: 'launchkit-web' });
    expect((await getUser(`Bearer ${validToken}`)).statusCode).toBe(200);
  });

  it('refuses a machine token of the client-credentials grant, though its issuer and audience are right', async () => {
    const token = await machineToken();
    expect(claimsOf(token)).toMatchObject({
      gty: 'client-credentials',
      azp: 'launchkit-api',
      iss: `${identity.origin}/`,
      aud: `${identity.origin}/api/v2/`,
    });
    expectRejected(await getUser(`Bearer ${token}`));
    expectRejected(await streamWith(token));
  });

  it('refuses a token the provider signed for another client, or for none', async () => {
    expectRejected(
      await getUser(`Bearer ${await identity.signWithProviderKey({ sub: uid, azp: 'other-app' })}`),
    );
    expectRejected(
      await getUser(`Bearer ${await identity.signWithProviderKey({ sub: uid, azp: undefined })}`),
    );
    expectRejected(await streamWith(await identity.signWithProviderKey({ sub: uid, azp: 'other-app' })));
  });

  it('refuses the client-credentials grant type even on a token that names the web client', async () => {
    const token = await identity.signWithProviderKey({ sub: uid, gty: 'client-credentials' });
    expectRejected(await getUser(`Bearer ${token}`));
  });

  it('refuses a refreshed token that does not say when its sign-in was (nothing to place it by)', async () => {
    const refreshed = await identity.signWithProviderKey({ sub: uid, gty: 'refresh_token' });
    expectRejected(await getUser(`Bearer ${refreshed}`));
    const withTime = await identity.signWithProviderKey({
      sub: uid,
      gty: 'refresh_token',
      [signedInAtClaim]: now() - 60,
    });
    expect((await getUser(`Bearer ${withTime}`)).statusCode).toBe(200);
  });

  it('accepts a provider-signed token of the web client (the other checks above are not about the signature)', async () => {
    expect((await getUser(`Bearer ${await identity.signWithProviderKey({ sub: uid })}`)).statusCode).toBe(
      200,
    );
  });
});

describe('signing-key rotation', () => {
  it('refetches the key set when a token names a new kid', async () => {
    const email = `rotation-${Date.now()}@example.com`;
    await identity.signUp(email);
    expect((await getUser(`Bearer ${(await identity.signIn(email)).access_token}`)).statusCode).toBe(200);
    await identity.rotateSigningKey();
    const afterRotation = (await identity.signIn(email)).access_token;
    // The key set was fetched moments ago; the refetch waits out the 5 s cooldown.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    expect((await getUser(`Bearer ${afterRotation}`)).statusCode).toBe(200);
  });
});
