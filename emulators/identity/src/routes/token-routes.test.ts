import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodPassword,
  issuer,
  managementToken,
  passwordLogin,
  passwordRealm,
  signUp,
  startTestIdentity,
  type TestIdentity,
  verifyWithJwks,
  webClientId,
} from '../test/test-identity.ts';

let identity: TestIdentity;
let userId: string;
beforeAll(async () => {
  identity = await startTestIdentity();
  userId = `auth0|${(await signUp(identity.app, 'grace@example.com')).json()._id}`;
});
afterAll(() => identity.destroy());

const token = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  identity.app.inject({ method: 'POST', url: '/oauth/token', payload, headers });

describe('password-realm grant', () => {
  it('signs in with the right password and issues tokens a client can verify against the JWKS', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await passwordLogin(identity.app, 'Grace@example.com', goodPassword);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({
      scope:
        'openid profile email read:current_user update:current_user_metadata update:current_user_identities',
      expires_in: 86400,
      token_type: 'Bearer',
    });
    expect(body.refresh_token).toBeUndefined();

    const jwks = (await identity.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', kid: jwks.keys[0].kid });

    const access = await verifyWithJwks(identity.app, body.access_token, `${issuer}api/v2/`);
    expect(access.payload).toMatchObject({
      iss: issuer,
      sub: userId,
      aud: [`${issuer}api/v2/`, `${issuer}userinfo`],
      azp: webClientId,
      scope: body.scope,
      gty: 'password',
    });
    const {
      iat,
      exp,
      auth_time: authTime,
    } = access.payload as { iat: number; exp: number; auth_time: number };
    expect(exp - iat).toBe(86400);
    expect(authTime).toBeGreaterThanOrEqual(before);

    const id = await verifyWithJwks(identity.app, body.id_token, webClientId);
    expect(id.payload).toMatchObject({
      iss: issuer,
      sub: userId,
      aud: webClientId,
      auth_time: authTime,
      email: 'grace@example.com',
      email_verified: false,
      name: 'grace@example.com',
      nickname: 'grace',
      picture: expect.stringMatching(/^http:\/\/localhost:3001\/avatars\/[0-9a-f]{32}\.svg$/),
      updated_at: expect.any(String),
      sid: expect.any(String),
    });
    expect((id.payload.exp as number) - (id.payload.iat as number)).toBe(36000);

    const avatar = await identity.app.inject({
      method: 'GET',
      url: new URL(id.payload.picture as string).pathname,
    });
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).toContain('>GR<');

    const userinfo = await identity.app.inject({
      method: 'GET',
      url: '/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.json()).toMatchObject({
      sub: userId,
      email: 'grace@example.com',
      email_verified: false,
      nickname: 'grace',
    });
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    for (const [username, password] of [
      ['grace@example.com', 'Wrong-horse-9'],
      ['nobody@example.com', goodPassword],
    ]) {
      const response = await passwordLogin(identity.app, username as string, password as string, {
        ip: '203.0.113.50',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Wrong email or password.',
      });
    }
  });

  it('accepts a form-encoded body and the plain password grant', async () => {
    const response = await identity.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: webClientId,
        username: 'grace@example.com',
        password: goodPassword,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toContain('openid');
  });

  it('explains missing parameters, unknown clients, unknown grants and unknown audiences', async () => {
    const missing = await token({
      grant_type: passwordRealm,
      client_id: webClientId,
      realm: 'Username-Password-Authentication',
      password: 'x',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      error_description: 'Missing required parameter: username',
    });

    const unknownClient = await token({
      grant_type: 'password',
      client_id: 'nope',
      username: 'a',
      password: 'b',
    });
    expect(unknownClient.statusCode).toBe(401);
    expect(unknownClient.json()).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });

    const grant = await token({ grant_type: 'authorization_code', client_id: webClientId });
    expect(grant.statusCode).toBe(403);
    expect(grant.json()).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Unsupported grant type: authorization_code',
    });

    const audience = await token({
      grant_type: 'password',
      client_id: webClientId,
      username: 'grace@example.com',
      password: goodPassword,
      audience: 'https://elsewhere.example/',
    });
    expect(audience.statusCode).toBe(403);
    expect(audience.json()).toEqual({
      error: 'access_denied',
      error_description: 'Service not found: https://elsewhere.example/',
    });
  });
});

describe('client-credentials grant', () => {
  it('gives the management client a Management API token', async () => {
    const accessToken = await managementToken(identity.app);
    const { payload } = await verifyWithJwks(identity.app, accessToken, `${issuer}api/v2/`);
    expect(payload).toMatchObject({
      sub: 'launchkit-api@clients',
      aud: `${issuer}api/v2/`,
      azp: 'launchkit-api',
      scope: 'read:users update:users delete:users create:users',
      gty: 'client-credentials',
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(86400);
  });

  it('accepts HTTP Basic credentials', async () => {
    const basic = Buffer.from('launchkit-api:dev-management-secret').toString('base64');
    const response = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toEqual(expect.any(String));
  });

  it('refuses a wrong secret, and the browser client', async () => {
    const wrong = await token({
      grant_type: 'client_credentials',
      client_id: 'launchkit-api',
      client_secret: 'guess',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });
    const browser = await token({
      grant_type: 'client_credentials',
      client_id: webClientId,
      client_secret: 'x',
    });
    expect(browser.statusCode).toBe(403);
    expect(browser.json().error).toBe('unauthorized_client');
  });
});

describe('refresh tokens', () => {
  it('are issued for offline_access, refresh with the original auth_time, and stop working once revoked', async () => {
    const login = (
      await passwordLogin(identity.app, 'grace@example.com', goodPassword, {
        scope: 'openid email offline_access',
      })
    ).json();
    expect(login.refresh_token).toEqual(expect.any(String));
    const original = await verifyWithJwks(identity.app, login.access_token, `${issuer}api/v2/`);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const refreshed = await token({
      grant_type: 'refresh_token',
      client_id: webClientId,
      refresh_token: login.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    expect(body.refresh_token).toBeUndefined();
    const access = await verifyWithJwks(identity.app, body.access_token, `${issuer}api/v2/`);
    expect(access.payload.auth_time).toBe(original.payload.auth_time);
    expect(access.payload.iat).toBeGreaterThan(original.payload.iat as number);
    const id = await verifyWithJwks(identity.app, body.id_token, webClientId);
    expect(id.payload).toMatchObject({ sub: userId, email: 'grace@example.com' });

    const revoke = await identity.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: webClientId, token: login.refresh_token },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.body).toBe('');

    const after = await token({
      grant_type: 'refresh_token',
      client_id: webClientId,
      refresh_token: login.refresh_token,
    });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Unknown or invalid refresh token.',
    });
  });
});
