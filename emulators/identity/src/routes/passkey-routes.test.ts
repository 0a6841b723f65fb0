import { secondFactorClaim } from '@launchkit/api-contract/access-token-claims';
import { describe, expect, it } from 'vitest';
import { softwareAuthenticator } from '#identity/test/software-authenticator.ts';
import { testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

// The Passkey API: its challenges, and the webauthn grant fed by a software authenticator (real
// attestations and ES256 assertions, test/software-authenticator.ts) and by its forgeries. Chromium's
// virtual authenticator drives the same in e2e/passkeys.spec.ts.

const identity = useTestIdentity();
const post = (url: string, payload: Record<string, unknown>) =>
  identity.app.inject({ method: 'POST', url, payload });
const webauthnGrant = 'urn:okta:params:oauth:grant-type:webauthn';
/** The web app's webauthn grant request, with the fields a case gives (auth_session, authn_response…). */
const webauthnToken = (fields: Record<string, unknown>) =>
  post('/oauth/token', { grant_type: webauthnGrant, client_id: testTenant.webClientId, ...fields });
/** A sign-in challenge for a discoverable passkey: its auth_session and request options. */
const loginChallenge = async () =>
  (await post('/passkey/challenge', { client_id: testTenant.webClientId })).json();

describe('POST /passkey/register', () => {
  it('answers creation options for the app’s host and an auth_session', async () => {
    const response = await post('/passkey/register', {
      client_id: testTenant.webClientId,
      realm: 'Username-Password-Authentication',
      user_profile: { email: 'Ada@Example.com', name: 'Ada' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.auth_session).toMatch(/^[\w-]{43}$/);
    expect(body.authn_params_public_key).toMatchObject({
      challenge: expect.any(String),
      rp: { id: new URL(testTenant.appOrigin).hostname },
      user: { name: 'ada@example.com', displayName: 'Ada', id: expect.any(String) },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  });

  it('refuses a known email, a bad profile, another client and another realm', async () => {
    await identity.signUp('grace@example.com');
    const known = await post('/passkey/register', {
      client_id: testTenant.webClientId,
      user_profile: { email: 'grace@example.com' },
    });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({
      error: 'invalid_request',
      error_description: 'A user with this email already exists: sign in instead.',
    });
    expect(
      (
        await post('/passkey/register', {
          client_id: testTenant.webClientId,
          user_profile: { email: 'nope' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post('/passkey/register', {
          client_id: 'launchkit-api',
          user_profile: { email: 'x@example.com' },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await post('/passkey/register', {
          client_id: testTenant.webClientId,
          realm: 'other',
          user_profile: { email: 'x@example.com' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /passkey/challenge and the webauthn grant', () => {
  it('answers request options for discoverable passkeys', async () => {
    const body = await loginChallenge();
    expect(body.authn_params_public_key).toMatchObject({
      challenge: expect.any(String),
      rpId: new URL(testTenant.appOrigin).hostname,
      userVerification: 'preferred',
    });
    expect(body.authn_params_public_key.allowCredentials ?? []).toEqual([]);
  });

  it('refuses an unknown auth_session, another client’s, a missing answer, and a passkey it does not know', async () => {
    const unknown = await webauthnToken({ auth_session: 'made-up', authn_response: { id: 'x' } });
    expect(unknown.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid or expired auth_session.',
    });
    const { auth_session: forApi } = await loginChallenge();
    const otherClient = await post('/oauth/token', {
      grant_type: webauthnGrant,
      client_id: 'launchkit-api',
      auth_session: forApi,
      authn_response: { id: 'x' },
    });
    expect(otherClient.statusCode).toBe(403);
    const { auth_session: missing } = await loginChallenge();
    const noAnswer = await webauthnToken({ auth_session: missing });
    expect(noAnswer.statusCode).toBe(400);
    const { auth_session: stranger } = await loginChallenge();
    const unknownPasskey = await webauthnToken({
      auth_session: stranger,
      authn_response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} },
    });
    expect(unknownPasskey.json()).toEqual({ error: 'invalid_grant', error_description: 'Unknown passkey.' });
  });
});

describe('the webauthn grant with a real authenticator’s answers', () => {
  const tokenWith = (authSession: string, credential: unknown) =>
    webauthnToken({
      auth_session: authSession,
      authn_response: credential,
      scope: 'openid',
      audience: `${testTenant.issuer}api/v2/`,
    });
  const signedUp = async (email: string) => {
    const authenticator = softwareAuthenticator(testTenant.appOrigin);
    const challenge = (
      await post('/passkey/register', { client_id: testTenant.webClientId, user_profile: { email } })
    ).json();
    const created = await tokenWith(
      challenge.auth_session,
      authenticator.register(challenge.authn_params_public_key),
    );
    expect(created.statusCode, created.body).toBe(200);
    return { authenticator, tokens: created.json() };
  };

  it('signs up a person without a password and signs them in with the passkey', async () => {
    const { authenticator, tokens } = await signedUp('hedy@example.com');
    const access = await identity.verify(tokens.access_token, `${testTenant.issuer}api/v2/`);
    expect(access.payload).toMatchObject({ sub: expect.stringMatching(/^auth0\|/), gty: webauthnGrant });
    expect(access.payload[secondFactorClaim]).toBe(true);
    expect((await identity.passwordLogin('hedy@example.com', '')).statusCode).toBe(400);
    expect((await identity.passwordLogin('hedy@example.com', testTenant.goodPassword)).statusCode).toBe(403);

    const challenge = await loginChallenge();
    const signedIn = await tokenWith(
      challenge.auth_session,
      authenticator.assert(challenge.authn_params_public_key),
    );
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(
      (await identity.verify(signedIn.json().access_token, `${testTenant.issuer}api/v2/`)).payload.sub,
    ).toBe(access.payload.sub);
  });

  it('counts a passkey as two factors only when it verified the person, not when it only saw them present', async () => {
    const { authenticator } = await signedUp('katherine@example.com');
    const signInWith = async (isUserVerified: boolean) => {
      authenticator.setUserVerification(isUserVerified);
      const challenge = await loginChallenge();
      const answer = await webauthnToken({
        auth_session: challenge.auth_session,
        authn_response: authenticator.assert(challenge.authn_params_public_key),
        scope: 'openid offline_access',
        audience: `${testTenant.issuer}api/v2/`,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    const claimsOf = async (token: string) =>
      (await identity.verify(token, `${testTenant.issuer}api/v2/`)).payload;
    const idClaimsOf = async (token: string) =>
      (await identity.verify(token, testTenant.webClientId)).payload;

    const presentOnly = await signInWith(false);
    expect((await claimsOf(presentOnly.access_token))[secondFactorClaim]).toBeUndefined();
    expect((await idClaimsOf(presentOnly.id_token)).amr).toEqual(['passkey']);
    // A refresh proves nothing new: the presence-only sign-in stays one factor.
    const refreshed = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: testTenant.webClientId,
      refresh_token: presentOnly.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await claimsOf(refreshed.json().access_token))[secondFactorClaim]).toBeUndefined();

    const verified = await signInWith(true);
    expect((await claimsOf(verified.access_token))[secondFactorClaim]).toBe(true);
    expect((await idClaimsOf(verified.id_token)).amr).toEqual(['passkey', 'mfa']);
  });

  it('gives a sign-up whose authenticator did not verify the person no second-factor claim', async () => {
    const authenticator = softwareAuthenticator(testTenant.appOrigin);
    authenticator.setUserVerification(false);
    const challenge = (
      await post('/passkey/register', {
        client_id: testTenant.webClientId,
        user_profile: { email: 'rosalind@example.com' },
      })
    ).json();
    const created = await tokenWith(
      challenge.auth_session,
      authenticator.register(challenge.authn_params_public_key),
    );
    expect(created.statusCode, created.body).toBe(200);
    const access = await identity.verify(created.json().access_token, `${testTenant.issuer}api/v2/`);
    expect(access.payload[secondFactorClaim]).toBeUndefined();
  });

  it('refuses another origin, another RP ID, another challenge and a counter that went back', async () => {
    const { authenticator } = await signedUp('lise@example.com');
    const refusal = async (forge: (options: { challenge: string; rpId?: string }) => unknown) => {
      const challenge = await loginChallenge();
      const answer = await tokenWith(challenge.auth_session, forge(challenge.authn_params_public_key));
      expect(answer.statusCode).toBe(403);
      return answer.json().error_description as string;
    };
    expect(
      await refusal((options) => authenticator.assert(options, { origin: 'https://evil.example' })),
    ).toMatch(/^Passkey not verified: .*origin/i);
    expect(await refusal((options) => authenticator.assert(options, { rpId: 'evil.example' }))).toMatch(
      /^Passkey not verified: .*RP ID/i,
    );
    const other = await loginChallenge();
    expect(await refusal(() => authenticator.assert(other.authn_params_public_key))).toMatch(
      /^Passkey not verified: .*challenge/i,
    );
    // A good one moves the counter on; a clone behind it is refused.
    const good = await loginChallenge();
    expect(
      (await tokenWith(good.auth_session, authenticator.assert(good.authn_params_public_key))).statusCode,
    ).toBe(200);
    authenticator.setCounter(0);
    expect(await refusal((options) => authenticator.assert(options))).toMatch(
      /^Passkey not verified: .*counter/i,
    );
  });

  it('refuses a sign-up answer made for another origin, and creates nobody', async () => {
    const authenticator = softwareAuthenticator(testTenant.appOrigin);
    const challenge = (
      await post('/passkey/register', {
        client_id: testTenant.webClientId,
        user_profile: { email: 'mallory@example.com' },
      })
    ).json();
    const forged = await tokenWith(
      challenge.auth_session,
      authenticator.register(challenge.authn_params_public_key, { origin: 'https://evil.example' }),
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error_description).toMatch(/origin/i);
    const again = (
      await post('/passkey/register', {
        client_id: testTenant.webClientId,
        user_profile: { email: 'mallory@example.com' },
      })
    ).statusCode;
    expect(again).toBe(200);
  });
});

describe('adding a passkey to an account (My Account API)', () => {
  it('takes a token for <issuer>me/, adds the created credential, and the new passkey signs in', async () => {
    await identity.signUp('emmy@example.com');
    const meToken = (
      await identity.passwordLogin('emmy@example.com', testTenant.goodPassword, {
        audience: `${testTenant.issuer}me/`,
        scope: 'create:me:authentication_methods',
      })
    ).json().access_token as string;
    const me = (url: string, payload: object, bearer = meToken) =>
      identity.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${bearer}` }, payload });

    const started = await me('/me/v1/authentication-methods', { type: 'passkey' });
    expect(started.statusCode, started.body).toBe(201);
    const location = String(started.headers.location);
    expect(location).toMatch(/\/me\/v1\/authentication-methods\/passkey%7Cdev_/);
    const methodId = decodeURIComponent(location.split('/').pop() ?? '');
    const { auth_session: authSession, authn_params_public_key: options } = started.json();
    expect(options).toMatchObject({
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });

    const authenticator = softwareAuthenticator(testTenant.appOrigin);
    // Another method's id, or a token of another API, completes nothing.
    const apiToken = (
      await identity.passwordLogin('emmy@example.com', testTenant.goodPassword, {
        audience: `${testTenant.issuer}api/v2/`,
      })
    ).json().access_token as string;
    expect(
      (await me(`/me/v1/authentication-methods/${encodeURIComponent(methodId)}/verify`, {}, apiToken))
        .statusCode,
    ).toBe(401);
    const verified = await me(`/me/v1/authentication-methods/${encodeURIComponent(methodId)}/verify`, {
      auth_session: authSession,
      authn_response: authenticator.register(options),
    });
    expect(verified.statusCode, verified.body).toBe(201);
    expect(verified.json()).toMatchObject({ id: methodId, type: 'passkey', created_at: expect.any(String) });

    const challenge = await loginChallenge();
    const signedIn = await webauthnToken({
      auth_session: challenge.auth_session,
      authn_response: authenticator.assert(challenge.authn_params_public_key),
      scope: 'openid',
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    // An enrolment's auth_session is never exchanged for tokens.
    const enrolment = (await me('/me/v1/authentication-methods', { type: 'passkey' })).json();
    const exchanged = await webauthnToken({
      auth_session: enrolment.auth_session,
      authn_response: authenticator.register(enrolment.authn_params_public_key),
    });
    expect(exchanged.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid or expired auth_session.',
    });
  });
});
