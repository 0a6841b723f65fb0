import { signedInAtClaim } from '@launchkit/api-contract/access-token-claims';
import { decodeProtectedHeader } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestIdentity, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity();
let userId: string;
beforeAll(async () => {
  userId = `auth0|${(await identity.signUp('grace@example.com')).json()._id}`;
});

/** Grace's sign-in for the Management API, asking for `scope`: the token endpoint's answer. */
const managementApiLogin = async (scope: string) =>
  (
    await identity.passwordLogin('grace@example.com', testTenant.goodPassword, {
      scope,
      audience: `${testTenant.issuer}api/v2/`,
    })
  ).json();

const token = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  identity.app.inject({ method: 'POST', url: '/oauth/token', payload, headers });

describe('password-realm grant', () => {
  it('signs in with the right password and issues tokens a client can verify against the JWKS', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await identity.passwordLogin('Grace@example.com', testTenant.goodPassword, {
      audience: `${testTenant.issuer}api/v2/`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    // Only the scopes asked for: no Management API scope unless asked (Auth0 grants nothing more).
    expect(body).toMatchObject({
      scope: 'openid profile email',
      expires_in: 86400,
      token_type: 'Bearer',
    });
    expect(body.refresh_token).toBeUndefined();

    const jwks = (await identity.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256', kid: expect.any(String) });
    expect(jwks.keys[0].d).toBeUndefined();
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', kid: jwks.keys[0].kid });

    const access = await identity.verify(body.access_token, `${testTenant.issuer}api/v2/`);
    expect(access.payload).toMatchObject({
      iss: testTenant.issuer,
      sub: userId,
      aud: [`${testTenant.issuer}api/v2/`, `${testTenant.issuer}userinfo`],
      azp: testTenant.webClientId,
      scope: body.scope,
      gty: 'password',
    });
    const { iat, exp } = access.payload as { iat: number; exp: number };
    // Auth0 keeps auth_time in the ID token; the access token gets the Action's claim (docs/deploy.md).
    expect(access.payload.auth_time).toBeUndefined();
    const authTime = access.payload[signedInAtClaim] as number;
    expect(exp - iat).toBe(86400);
    expect(authTime).toBeGreaterThanOrEqual(before);

    const id = await identity.verify(body.id_token, testTenant.webClientId);
    expect(id.payload).toMatchObject({
      iss: testTenant.issuer,
      sub: userId,
      aud: testTenant.webClientId,
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
      ['nobody@example.com', testTenant.goodPassword],
    ]) {
      const response = await identity.passwordLogin(username as string, password as string, {
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
        client_id: testTenant.webClientId,
        username: 'grace@example.com',
        password: testTenant.goodPassword,
      }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().scope).toContain('openid');
  });

  it('grants only the scopes asked for that exist: current-user scopes on the Management API only', async () => {
    const scopeOf = async (scope: string, audience?: string) =>
      (await identity.passwordLogin('grace@example.com', testTenant.goodPassword, { scope, audience })).json()
        .scope;
    expect(await scopeOf('openid read:current_user delete:everything', `${testTenant.issuer}api/v2/`)).toBe(
      'openid read:current_user',
    );
    expect(await scopeOf('openid read:current_user')).toBe('openid');
  });

  it('without openid: no id token, and the access token is for the API alone', async () => {
    const body = await managementApiLogin('email');
    expect(body.id_token).toBeUndefined();
    const { payload } = await identity.verify(body.access_token, `${testTenant.issuer}api/v2/`);
    expect(payload.aud).toBe(`${testTenant.issuer}api/v2/`);
    const userinfo = await identity.app.inject({
      method: 'GET',
      url: '/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.statusCode).toBe(401);
  });

  it('without an audience: an opaque access token (JWE) only /userinfo accepts', async () => {
    const body = (await identity.passwordLogin('grace@example.com', testTenant.goodPassword)).json();
    expect(body.access_token.split('.')).toHaveLength(5);
    const header = JSON.parse(Buffer.from(body.access_token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'dir', enc: 'A256GCM', iss: testTenant.issuer });
    const call = (url: string) =>
      identity.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${body.access_token}` } });
    expect((await call('/userinfo')).json()).toMatchObject({ sub: userId, email: 'grace@example.com' });
    expect((await call(`/api/v2/users/${encodeURIComponent(userId)}`)).statusCode).toBe(401);
    // Tampering breaks it.
    const [h, k, iv, text, tag] = body.access_token.split('.');
    const tampered = [h, k, iv, `${text.slice(0, -2)}AA`, tag].join('.');
    const refused = await identity.app.inject({
      method: 'GET',
      url: '/userinfo',
      headers: { authorization: `Bearer ${tampered}` },
    });
    expect(refused.statusCode).toBe(401);
  });

  it.each([
    {
      refused: 'a missing parameter',
      payload: {
        grant_type: testTenant.passwordRealm,
        client_id: testTenant.webClientId,
        realm: 'Username-Password-Authentication',
        password: 'x',
      },
      status: 400,
      body: { error: 'invalid_request', error_description: 'Missing required parameter: username' },
    },
    {
      refused: 'an unknown client',
      payload: { grant_type: 'password', client_id: 'nope', username: 'a', password: 'b' },
      status: 401,
      body: { error: 'access_denied', error_description: 'Unauthorized' },
    },
    {
      refused: 'an unknown grant',
      payload: {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        client_id: testTenant.webClientId,
      },
      status: 403,
      body: {
        error: 'unsupported_grant_type',
        error_description: 'Unsupported grant type: urn:ietf:params:oauth:grant-type:device_code',
      },
    },
    {
      refused: 'an unknown audience',
      payload: {
        grant_type: 'password',
        client_id: testTenant.webClientId,
        username: 'grace@example.com',
        password: testTenant.goodPassword,
        audience: 'https://elsewhere.example/',
      },
      status: 403,
      body: { error: 'access_denied', error_description: 'Service not found: https://elsewhere.example/' },
    },
  ])('explains $refused', async ({ payload, status, body }) => {
    const response = await token(payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });
});

describe('a dedicated API audience (AUTH0_AUDIENCE)', () => {
  const apiAudience = 'https://api.example.test';
  const api = useTestIdentity({ AUTH0_AUDIENCE: apiAudience });
  beforeAll(() => api.signUp('ada@example.com'));

  it('gives a password sign-in for that audience an RS256 token for it, as Auth0 does', async () => {
    const response = await api.passwordLogin('ada@example.com', testTenant.goodPassword, {
      audience: apiAudience,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const { payload, header } = await api.verify(body.access_token, apiAudience);
    expect(header).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      iss: testTenant.issuer,
      sub: expect.stringMatching(/^auth0\|/),
      aud: [apiAudience, `${testTenant.issuer}userinfo`],
      azp: testTenant.webClientId,
      // Auth0 marks tokens of the password grants with gty "password" (client credentials:
      // "client-credentials"; none for /authorize).
      gty: 'password',
    });
    // Management API scopes belong to the Management API audience only.
    expect(body.scope).toBe('openid profile email');
    // The same token is good for /userinfo, its second audience.
    const userinfo = await api.app.inject({
      method: 'GET',
      url: '/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.statusCode).toBe(200);
    expect(userinfo.json().email).toBe('ada@example.com');
  });

  it('is not a default audience (a sign-in naming none gets an opaque token), and the Management API is still granted when asked', async () => {
    const unnamed = (await api.passwordLogin('ada@example.com', testTenant.goodPassword)).json();
    expect(unnamed.access_token.split('.')).toHaveLength(5);
    const management = await api.passwordLogin('ada@example.com', testTenant.goodPassword, {
      audience: `${testTenant.issuer}api/v2/`,
    });
    expect(management.statusCode).toBe(200);
  });

  it('keeps the Management API token of the machine-to-machine client unchanged', async () => {
    const { payload } = await api.verify(await api.managementToken(), `${testTenant.issuer}api/v2/`);
    expect(payload).toMatchObject({
      sub: 'launchkit-api@clients',
      aud: `${testTenant.issuer}api/v2/`,
      azp: 'launchkit-api',
      gty: 'client-credentials',
    });
    expect(payload.auth_time).toBeUndefined();
  });
});

describe('client-credentials grant', () => {
  it('gives the management client a Management API token', async () => {
    const accessToken = await identity.managementToken();
    const { payload } = await identity.verify(accessToken, `${testTenant.issuer}api/v2/`);
    expect(payload).toMatchObject({
      sub: 'launchkit-api@clients',
      aud: `${testTenant.issuer}api/v2/`,
      azp: 'launchkit-api',
      gty: 'client-credentials',
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(86400);
    expect(String(payload.scope).split(' ')).toEqual(
      expect.arrayContaining([
        'read:users',
        'delete:users',
        'read:organizations',
        'create:organization_invitations',
      ]),
    );
  });

  it('accepts HTTP Basic credentials', async () => {
    const basic = Buffer.from('launchkit-api:dev-management-secret').toString('base64');
    const response = await token(
      { grant_type: 'client_credentials', audience: `${testTenant.issuer}api/v2/` },
      { authorization: `Basic ${basic}` },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().access_token).toEqual(expect.any(String));
  });

  it('wants an audience, as a tenant without a default audience does', async () => {
    const basic = Buffer.from('launchkit-api:dev-management-secret').toString('base64');
    const response = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${basic}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'access_denied',
      error_description: 'No audience parameter was provided, and no default audience has been configured',
    });
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
      client_id: testTenant.webClientId,
      client_secret: 'x',
    });
    expect(browser.statusCode).toBe(403);
    expect(browser.json().error).toBe('unauthorized_client');
  });
});

/** Exchanges a refresh token for the web client's next tokens, at the suite's emulator unless told. */
const refresh = (refreshToken: string, emulator: TestIdentity = identity) =>
  emulator.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'refresh_token', client_id: testTenant.webClientId, refresh_token: refreshToken },
  });

/** `email`'s web sign-in asking for a refresh token, at the suite's emulator unless told: the answer. */
const offlineLogin = async (email: string, emulator: TestIdentity = identity) =>
  (await emulator.passwordLogin(email, testTenant.goodPassword, { scope: 'openid offline_access' })).json();

describe('refresh tokens', () => {
  const refused = { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' };

  it('are issued for offline_access, rotate on each refresh with the original auth_time, and stop once revoked', async () => {
    const login = await managementApiLogin('openid email offline_access');
    expect(login.refresh_token).toEqual(expect.any(String));
    const original = await identity.verify(login.access_token, `${testTenant.issuer}api/v2/`);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const refreshed = await refresh(login.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    const body = refreshed.json();
    // Rotation: the next token of the family comes with the answer.
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(body.refresh_token).not.toBe(login.refresh_token);
    const access = await identity.verify(body.access_token, `${testTenant.issuer}api/v2/`);
    expect(access.payload[signedInAtClaim]).toBe(original.payload[signedInAtClaim]);
    expect(access.payload.iat).toBeGreaterThan(original.payload.iat as number);
    const id = await identity.verify(body.id_token, testTenant.webClientId);
    expect(id.payload).toMatchObject({ sub: userId, email: 'grace@example.com' });

    const revoke = await identity.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: testTenant.webClientId, token: body.refresh_token },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.body).toBe('');

    const after = await refresh(body.refresh_token);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual(refused);
  });

  it('revoke the whole family when a rotated token is used again (reuse detection)', async () => {
    const login = await managementApiLogin('openid offline_access');
    const first = (await refresh(login.refresh_token)).json();
    const second = (await refresh(first.refresh_token)).json();
    expect(second.refresh_token).toEqual(expect.any(String));

    // A copy of the first token (stolen, or replayed) comes back: refused, and the family ends.
    const reused = await refresh(login.refresh_token);
    expect(reused.statusCode).toBe(403);
    expect(reused.json()).toEqual(refused);
    const legitimate = await refresh(second.refresh_token);
    expect(legitimate.statusCode).toBe(403);
    expect(legitimate.json()).toEqual(refused);
  });

  it('are refused to another client, which leaves them untouched', async () => {
    const login = await managementApiLogin('openid offline_access');
    const other = await token({
      grant_type: 'refresh_token',
      client_id: 'launchkit-api',
      client_secret: identity.config.managementClient.secret,
      refresh_token: login.refresh_token,
    });
    expect(other.statusCode).toBe(403);
    expect((await refresh(login.refresh_token)).statusCode).toBe(200);
  });
});

describe('refresh tokens with a reuse interval', () => {
  const lenient = useTestIdentity({ IDENTITY_REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: '30' });
  beforeAll(() => lenient.signUp('lenient@example.com'));

  it('exchange the latest rotated token once more within the interval (two tabs at once), never an older one', async () => {
    const login = await offlineLogin('lenient@example.com', lenient);
    const [a, b] = await Promise.all([
      refresh(login.refresh_token, lenient),
      refresh(login.refresh_token, lenient),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = (await refresh(a.json().refresh_token, lenient)).json();
    // The sign-in's token is no longer the latest rotated one: its reuse ends the family.
    expect((await refresh(login.refresh_token, lenient)).statusCode).toBe(403);
    expect((await refresh(next.refresh_token, lenient)).statusCode).toBe(403);
  });
});

describe('refresh tokens of a blocked user', () => {
  it('are refused as Auth0 does: 403 invalid_grant', async () => {
    await identity.signUp('blocked@example.com');
    const login = await offlineLogin('blocked@example.com');
    const id = String((await identity.verify(login.id_token, testTenant.webClientId)).payload.sub);
    const block = await identity.app.inject({
      method: 'PATCH',
      url: `/api/v2/users/${encodeURIComponent(id)}`,
      headers: { authorization: `Bearer ${await identity.managementToken()}` },
      payload: { blocked: true },
    });
    expect(block.statusCode).toBe(200);
    const refreshed = await refresh(login.refresh_token);
    expect(refreshed.statusCode).toBe(403);
    expect(refreshed.json()).toEqual({ error: 'invalid_grant', error_description: 'user is blocked' });
  });
});

describe("Auth0's same-user login limit", () => {
  // One a minute after a burst of 2 (Auth0: 10 after 20).
  const limited = useTestIdentity({ IDENTITY_LOGIN_ATTEMPTS_PER_MINUTE: '1' });
  beforeAll(() => limited.signUp('hopper@example.com'));

  it('counts every attempt of one user from one address, then answers 429 too_many_requests', async () => {
    const attempt = (password: string, ip = '198.51.100.7') =>
      limited.passwordLogin('Hopper@example.com', password, { ip });
    const wrong = await attempt('Wrong-horse-1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.headers).toMatchObject({ 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': '1' });
    expect((await attempt(testTenant.goodPassword)).statusCode).toBe(200);

    const refused = await attempt(testTenant.goodPassword);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_requests',
      error_description: "You passed the limit of allowed calls to '/oauth/token' with the same user.",
    });
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another address, or another user, has its own budget.
    expect((await attempt(testTenant.goodPassword, '198.51.100.8')).statusCode).toBe(200);
    expect((await limited.passwordLogin('nobody@example.com', 'x', { ip: '198.51.100.7' })).statusCode).toBe(
      403,
    );
  });

  it('applies to the sign-in page too', async () => {
    const ip = '198.51.100.9';
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await limited.passwordLogin('hopper@example.com', 'Wrong-horse-2', { ip });
    }
    const query = new URLSearchParams({
      client_id: testTenant.webClientId,
      response_type: 'id_token',
      redirect_uri: 'http://localhost:3000/auth0-callback',
      nonce: 'n',
    });
    const page = await limited.app.inject({ method: 'GET', url: `/authorize?${query}`, remoteAddress: ip });
    const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body)?.[1] ?? '';
    const csrf = page.cookies.find((cookie) => cookie.name === 'identity_csrf')?.value ?? '';
    const form = await limited.app.inject({
      method: 'POST',
      url: '/authorize/login',
      remoteAddress: ip,
      cookies: { identity_csrf: csrf },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        authorize: field('authorize').replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
        csrf: field('csrf'),
        email: 'hopper@example.com',
        password: testTenant.goodPassword,
      }).toString(),
    });
    expect(form.statusCode).toBe(429);
    expect(form.body).toContain('Too many sign-in attempts for this account.');
  });
});
