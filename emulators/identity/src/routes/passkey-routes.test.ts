import { describe, expect, it } from 'vitest';
import { appOrigin, signUp, useTestIdentity, webClientId } from '#identity/test/test-identity.ts';

// The Passkey API's challenges. The ceremonies themselves (a real authenticator's attestation and
// assertions, and the misuse the grant refuses) are driven in Chromium's virtual authenticator by
// e2e/passkeys.spec.ts.

const identity = useTestIdentity();
const post = (url: string, payload: Record<string, unknown>) =>
  identity.app.inject({ method: 'POST', url, payload });
const webauthnGrant = 'urn:okta:params:oauth:grant-type:webauthn';

describe('POST /passkey/register', () => {
  it('answers creation options for the app’s host and an auth_session', async () => {
    const response = await post('/passkey/register', {
      client_id: webClientId,
      realm: 'Username-Password-Authentication',
      user_profile: { email: 'Ada@Example.com', name: 'Ada' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.auth_session).toMatch(/^[\w-]{43}$/);
    expect(body.authn_params_public_key).toMatchObject({
      challenge: expect.any(String),
      rp: { id: new URL(appOrigin).hostname },
      user: { name: 'ada@example.com', displayName: 'Ada', id: expect.any(String) },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
  });

  it('refuses a known email, a bad profile, another client and another realm', async () => {
    await signUp(identity.app, 'grace@example.com');
    const known = await post('/passkey/register', {
      client_id: webClientId,
      user_profile: { email: 'grace@example.com' },
    });
    expect(known.statusCode).toBe(400);
    expect(known.json()).toEqual({
      error: 'invalid_request',
      error_description: 'A user with this email already exists: sign in instead.',
    });
    expect(
      (await post('/passkey/register', { client_id: webClientId, user_profile: { email: 'nope' } }))
        .statusCode,
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
          client_id: webClientId,
          realm: 'other',
          user_profile: { email: 'x@example.com' },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('POST /passkey/challenge and the webauthn grant', () => {
  it('answers request options for discoverable passkeys', async () => {
    const body = (await post('/passkey/challenge', { client_id: webClientId })).json();
    expect(body.authn_params_public_key).toMatchObject({
      challenge: expect.any(String),
      rpId: new URL(appOrigin).hostname,
      userVerification: 'preferred',
    });
    expect(body.authn_params_public_key.allowCredentials ?? []).toEqual([]);
  });

  it('refuses an unknown auth_session, another client’s, a missing answer, and a passkey it does not know', async () => {
    const unknown = await post('/oauth/token', {
      grant_type: webauthnGrant,
      client_id: webClientId,
      auth_session: 'made-up',
      authn_response: { id: 'x' },
    });
    expect(unknown.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid or expired auth_session.',
    });
    const { auth_session: forApi } = (await post('/passkey/challenge', { client_id: webClientId })).json();
    const otherClient = await post('/oauth/token', {
      grant_type: webauthnGrant,
      client_id: 'launchkit-api',
      auth_session: forApi,
      authn_response: { id: 'x' },
    });
    expect(otherClient.statusCode).toBe(403);
    const { auth_session: missing } = (await post('/passkey/challenge', { client_id: webClientId })).json();
    const noAnswer = await post('/oauth/token', {
      grant_type: webauthnGrant,
      client_id: webClientId,
      auth_session: missing,
    });
    expect(noAnswer.statusCode).toBe(400);
    const { auth_session: stranger } = (await post('/passkey/challenge', { client_id: webClientId })).json();
    const unknownPasskey = await post('/oauth/token', {
      grant_type: webauthnGrant,
      client_id: webClientId,
      auth_session: stranger,
      authn_response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} },
    });
    expect(unknownPasskey.json()).toEqual({ error: 'invalid_grant', error_description: 'Unknown passkey.' });
  });
});
