import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cookiesOf, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';
import { atHash } from '#identity/tokens/issue-tokens.ts';

const identity = useTestIdentity();
beforeAll(async () => {
  await identity.signUp('barbara@example.com');
});

const callback = `${testTenant.appOrigin}/auth0-callback`;

const authorizeUrl = (params: Record<string, string>) =>
  `/authorize?${new URLSearchParams({
    client_id: testTenant.webClientId,
    response_type: 'token id_token',
    redirect_uri: callback,
    scope: 'openid profile email',
    // The product's browser always names its API (auth0-js `audience`).
    audience: `${testTenant.issuer}api/v2/`,
    state: 'state-123',
    nonce: 'nonce-456',
    auth0Client: 'eyJuYW1lIjoiYXV0aDAuanMifQ',
    ...params,
  }).toString()}`;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))) ?? '';

/** Opens a sign-in page and submits its form, as a browser does: cookies and hidden fields carried. */
async function submitPage(url: string, postTo: string, fields: Record<string, string>) {
  const page = await identity.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  const cookies = cookiesOf(page);
  const response = await identity.app.inject({
    method: 'POST',
    url: postTo,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    cookies,
    payload: form({ authorize: hidden(page.body, 'authorize'), csrf: hidden(page.body, 'csrf'), ...fields }),
  });
  return { page, response };
}

const fragmentOf = (location: string) => {
  const url = new URL(location);
  return {
    base: `${url.origin}${url.pathname}`,
    params: Object.fromEntries(new URLSearchParams(url.hash.slice(1))),
  };
};

describe('GET /authorize with a social connection (popup)', () => {
  it('shows a consent page, then redirects to the callback with tokens carrying nonce and at_hash', async () => {
    const url = authorizeUrl({ connection: 'google-oauth2' });
    const { page, response } = await submitPage(url, '/authorize/consent', {
      action: 'continue',
      email: 'Hedy@Example.com',
      name: 'Hedy Lamarr',
    });
    expect(page.body).toContain('Continue to Launchkit with Google');
    expect(page.body).toContain('<label for="email">');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");

    expect(response.statusCode).toBe(302);
    const { base, params } = fragmentOf(String(response.headers.location));
    expect(base).toBe(callback);
    expect(params).toMatchObject({ state: 'state-123', token_type: 'Bearer', expires_in: '86400' });
    expect(params.scope).toContain('openid profile email');
    const id = await identity.verify(params.id_token ?? '', testTenant.webClientId);
    expect(id.payload).toMatchObject({
      sub: expect.stringMatching(/^google-oauth2\|\d{21}$/),
      nonce: 'nonce-456',
      at_hash: atHash(params.access_token ?? ''),
      email: 'Hedy@Example.com',
      email_verified: true,
      name: 'Hedy Lamarr',
    });
    const access = await identity.verify(params.access_token ?? '', `${testTenant.issuer}api/v2/`);
    expect(access.payload.sub).toBe(id.payload.sub);
    const session = response.cookies.find((cookie) => cookie.name === 'identity_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    // The same email comes back as the same account, offered on the next consent page.
    const again = await submitPage(url, '/authorize/consent', {
      action: 'continue',
      email: 'hedy@example.com',
    });
    const second = await identity.verify(
      fragmentOf(String(again.response.headers.location)).params.id_token ?? '',
      testTenant.webClientId,
    );
    expect(second.payload.sub).toBe(id.payload.sub);
    expect(again.page.body).toContain('Hedy Lamarr');
  });

  it('reports a cancel to the callback', async () => {
    const { response } = await submitPage(authorizeUrl({ connection: 'github' }), '/authorize/consent', {
      action: 'cancel',
    });
    expect(response.statusCode).toBe(302);
    expect(String(response.headers.location)).toBe(
      `${callback}#error=access_denied&error_description=User+cancelled&state=state-123`,
    );
  });

  it('refuses a form without its cookie', async () => {
    const page = await identity.app.inject({ method: 'GET', url: authorizeUrl({ connection: 'github' }) });
    const response = await identity.app.inject({
      method: 'POST',
      url: '/authorize/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({
        authorize: hidden(page.body, 'authorize'),
        csrf: hidden(page.body, 'csrf'),
        email: 'x@example.com',
      }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers.location).toBeUndefined();
  });
});

describe('GET /authorize checks', () => {
  it('never redirects to a callback that is not allowed', async () => {
    for (const redirect of [
      'https://evil.example/auth0-callback',
      `${testTenant.appOrigin}/elsewhere`,
      'not a url',
    ]) {
      const response = await identity.app.inject({
        method: 'GET',
        url: authorizeUrl({ redirect_uri: redirect }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('Callback URL mismatch');
    }
    const unknownClient = await identity.app.inject({
      method: 'GET',
      url: authorizeUrl({ client_id: 'nope' }),
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.body).toContain('Unknown client');
  });

  it('requires a nonce for id tokens, answered to the callback', async () => {
    const response = await identity.app.inject({ method: 'GET', url: authorizeUrl({ nonce: '' }) });
    expect(response.statusCode).toBe(302);
    expect(fragmentOf(String(response.headers.location)).params).toEqual({
      error: 'invalid_request',
      error_description: 'Nonce required',
      state: 'state-123',
    });
  });
});

describe('checkSession (response_mode=web_message, prompt=none)', () => {
  const silentUrl = authorizeUrl({
    response_mode: 'web_message',
    prompt: 'none',
    redirect_uri: `${testTenant.appOrigin}/`,
  });
  const messageOf = (html: string) => {
    const match = /postMessage\((\{.*\}),("[^"]*")\);/.exec(html);
    if (!match?.[1] || !match[2]) throw new Error('no postMessage in the page');
    return { message: JSON.parse(match[1]), target: JSON.parse(match[2]) };
  };

  it('answers login_required without a session, in a page the app may frame', async () => {
    const response = await identity.app.inject({ method: 'GET', url: silentUrl });
    expect(response.statusCode).toBe(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${testTenant.appOrigin}`);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(messageOf(response.body)).toEqual({
      target: testTenant.appOrigin,
      message: {
        type: 'authorization_response',
        response: { error: 'login_required', error_description: 'Login required', state: 'state-123' },
      },
    });
  });

  it('answers tokens for a session made by the database login page, keeping its auth_time', async () => {
    const { response } = await submitPage(authorizeUrl({}), '/authorize/login', {
      action: 'continue',
      email: 'barbara@example.com',
      password: testTenant.goodPassword,
    });
    expect(response.statusCode).toBe(302);
    const login = fragmentOf(String(response.headers.location)).params;
    const firstId = await identity.verify(login.id_token ?? '', testTenant.webClientId);

    const silent = await identity.app.inject({ method: 'GET', url: silentUrl, cookies: cookiesOf(response) });
    const { message, target } = messageOf(silent.body);
    expect(target).toBe(testTenant.appOrigin);
    expect(message.type).toBe('authorization_response');
    expect(message.response).toMatchObject({ state: 'state-123', token_type: 'Bearer', expires_in: 86400 });
    const id = await identity.verify(message.response.id_token, testTenant.webClientId);
    expect(id.payload).toMatchObject({
      sub: firstId.payload.sub,
      nonce: 'nonce-456',
      at_hash: atHash(message.response.access_token),
      auth_time: firstId.payload.auth_time,
      sid: firstId.payload.sid,
    });
  });

  it('shows the login page again with an error for a wrong password', async () => {
    const { response } = await submitPage(authorizeUrl({}), '/authorize/login', {
      action: 'continue',
      email: 'barbara@example.com',
      password: 'Wrong-horse-9',
    });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Wrong email or password.');
    expect(response.body).toContain('role="alert"');
  });
});

describe('GET /v2/logout', () => {
  it('ends the session and returns to an allowed address only', async () => {
    const { response } = await submitPage(authorizeUrl({ connection: 'facebook' }), '/authorize/consent', {
      action: 'continue',
      email: 'ida@example.com',
    });
    const cookies = cookiesOf(response);
    const refused = await identity.app.inject({
      method: 'GET',
      url: `/v2/logout?client_id=${testTenant.webClientId}&returnTo=${encodeURIComponent('https://evil.example/')}`,
      cookies,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('not an allowed logout URL');

    const logout = await identity.app.inject({
      method: 'GET',
      url: `/v2/logout?client_id=${testTenant.webClientId}&returnTo=${encodeURIComponent(`${testTenant.appOrigin}/signed-out`)}&federated`,
      cookies,
    });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe(`${testTenant.appOrigin}/signed-out`);
    expect(logout.cookies.find((cookie) => cookie.name === 'identity_session')?.value).toBe('');

    const silent = await identity.app.inject({
      method: 'GET',
      url: authorizeUrl({ response_mode: 'web_message', prompt: 'none' }),
      cookies,
    });
    expect(silent.body).toContain('login_required');

    const plain = await identity.app.inject({ method: 'GET', url: '/v2/logout' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('You are signed out');
  });
});

describe('max_age', () => {
  it('asks a session older than max_age to sign in again, and lets a recent one through', async () => {
    const { response } = await submitPage(authorizeUrl({}), '/authorize/login', {
      action: 'continue',
      email: 'barbara@example.com',
      password: testTenant.goodPassword,
    });
    const cookies = cookiesOf(response);
    const silent = (maxAge: string) =>
      identity.app.inject({
        method: 'GET',
        url: authorizeUrl({
          response_mode: 'web_message',
          prompt: 'none',
          redirect_uri: `${testTenant.appOrigin}/`,
          max_age: maxAge,
        }),
        cookies,
      });
    expect((await silent('3600')).body).toContain('"id_token"');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 });
    try {
      expect((await silent('3600')).body).toContain('"id_token"');
      const stale = await silent('30');
      expect(stale.body).toContain('login_required');
      expect(stale.body).not.toContain('"id_token"');
      // Without prompt=none the sign-in page is shown, though the session exists.
      const page = await identity.app.inject({
        method: 'GET',
        url: authorizeUrl({ max_age: '30' }),
        cookies,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('action="/authorize/login"');
    } finally {
      vi.useRealTimers();
    }

    const malformed = await identity.app.inject({ method: 'GET', url: authorizeUrl({ max_age: 'soon' }) });
    expect(malformed.statusCode).toBe(302);
    expect(fragmentOf(String(malformed.headers.location)).params.error).toBe('invalid_request');
  });
});

describe('without an audience', () => {
  it('gives an opaque access token that /userinfo accepts and the Management API refuses', async () => {
    const url = authorizeUrl({ connection: 'github' }).replace(/&audience=[^&]*/, '');
    const { response } = await submitPage(url, '/authorize/consent', {
      action: 'continue',
      email: 'grace@example.com',
    });
    const { params } = fragmentOf(String(response.headers.location));
    const token = params.access_token ?? '';
    expect(token.split('.')).toHaveLength(5);
    const profile = await identity.app.inject({
      method: 'GET',
      url: '/userinfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'grace@example.com' });
    const id = await identity.verify(params.id_token ?? '', testTenant.webClientId);
    expect(id.payload.at_hash).toBe(atHash(token));
    const management = await identity.app.inject({
      method: 'GET',
      url: `/api/v2/users/${encodeURIComponent(String(id.payload.sub))}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(management.statusCode).toBe(401);
  });
});

describe('/oidc/logout (RP-initiated logout)', () => {
  const signedIn = async () => {
    const { response } = await submitPage(authorizeUrl({ connection: 'twitter' }), '/authorize/consent', {
      action: 'continue',
      email: 'radia@example.com',
    });
    return {
      cookies: cookiesOf(response),
      idToken: fragmentOf(String(response.headers.location)).params.id_token ?? '',
    };
  };
  const isSignedIn = async (cookies: Record<string, string>) =>
    !(
      await identity.app.inject({
        method: 'GET',
        url: authorizeUrl({
          response_mode: 'web_message',
          prompt: 'none',
          redirect_uri: `${testTenant.appOrigin}/`,
        }),
        cookies,
      })
    ).body.includes('login_required');
  const logout = (params: Record<string, string>, cookies: Record<string, string>) =>
    identity.app.inject({ method: 'GET', url: `/oidc/logout?${new URLSearchParams(params)}`, cookies });

  it('is the discovery document’s end_session_endpoint', async () => {
    const discovery = await identity.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(discovery.json().end_session_endpoint).toBe(`${testTenant.issuer}oidc/logout`);
  });

  it('with an id_token_hint: ends the session and returns to an allowed address with the state', async () => {
    const { cookies, idToken } = await signedIn();
    const refused = await logout(
      { id_token_hint: idToken, post_logout_redirect_uri: 'https://evil.example/' },
      cookies,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(await isSignedIn(cookies)).toBe(true);

    const done = await logout(
      { id_token_hint: idToken, post_logout_redirect_uri: `${testTenant.appOrigin}/bye?x=1`, state: 's t' },
      cookies,
    );
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(`${testTenant.appOrigin}/bye?x=1&state=s+t`);
    expect(await isSignedIn(cookies)).toBe(false);
  });

  it('without an id_token_hint: asks the person to confirm, and the confirmation signs out', async () => {
    const { cookies } = await signedIn();
    const asked = await logout(
      { client_id: testTenant.webClientId, post_logout_redirect_uri: `${testTenant.appOrigin}/` },
      cookies,
    );
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Sign out of Launchkit?');
    expect(await isSignedIn(cookies)).toBe(true);
    const confirmed = await identity.app.inject({
      method: 'POST',
      url: '/oidc/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
      payload: form({
        client_id: hidden(asked.body, 'client_id'),
        post_logout_redirect_uri: hidden(asked.body, 'post_logout_redirect_uri'),
        confirm: 'yes',
      }),
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe(`${testTenant.appOrigin}/`);
    expect(await isSignedIn(cookies)).toBe(false);
  });

  it('refuses a redirect without a client, a hint that is not its id token, and a hint for another client', async () => {
    const { cookies, idToken } = await signedIn();
    expect((await logout({ post_logout_redirect_uri: `${testTenant.appOrigin}/` }, cookies)).statusCode).toBe(
      400,
    );
    expect((await logout({ id_token_hint: 'a.b.c' }, cookies)).statusCode).toBe(400);
    expect((await logout({ id_token_hint: idToken, client_id: 'someone-else' }, cookies)).statusCode).toBe(
      400,
    );
    expect(await isSignedIn(cookies)).toBe(true);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    identity.app.inject({
      method: 'OPTIONS',
      url: '/oauth/token',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'auth0-client, content-type',
      },
    });

  it('answers preflights from the web origins only', async () => {
    const allowed = await preflight(testTenant.appOrigin);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': testTenant.appOrigin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-headers': 'auth0-client, content-type, authorization',
    });
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('PATCH');

    const other = await preflight('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();

    const jwks = await identity.app.inject({
      method: 'GET',
      url: '/.well-known/jwks.json',
      headers: { origin: testTenant.appOrigin },
    });
    expect(jwks.headers['access-control-allow-origin']).toBe(testTenant.appOrigin);
  });
});

describe('the hosted second-factor page (Universal Login with an authenticator app)', () => {
  let secret: string;
  let recoveryCode: string;
  beforeAll(async () => {
    await identity.signUp('katherine@example.com');
    const stopped = await identity.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
        client_id: testTenant.webClientId,
        realm: 'Username-Password-Authentication',
        username: 'katherine@example.com',
        password: testTenant.goodPassword,
        audience: `${testTenant.issuer}mfa/`,
        scope: 'enroll',
      },
    });
    const mfaToken = stopped.json().mfa_token;
    const association = (
      await identity.app.inject({
        method: 'POST',
        url: '/mfa/associate',
        headers: { authorization: `Bearer ${mfaToken}` },
        payload: { authenticator_types: ['otp'] },
      })
    ).json();
    secret = association.secret;
    recoveryCode = association.recovery_codes[0];
    const confirmed = await identity.app.inject({
      method: 'POST',
      url: '/oauth/token',
      payload: {
        grant_type: 'http://auth0.com/oauth/grant-type/mfa-otp',
        client_id: testTenant.webClientId,
        mfa_token: mfaToken,
        otp: new TOTP({ secret: Secret.fromBase32(secret) }).generate(),
      },
    });
    expect(confirmed.statusCode).toBe(200);
  });

  /** Posts the second-factor page's form as a browser does (its hidden fields and the login's cookies). */
  const answerSecondFactor = (
    page: { body: string },
    cookies: Record<string, string>,
    fields: Record<string, string>,
  ) =>
    identity.app.inject({
      method: 'POST',
      url: '/authorize/mfa',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookies,
      payload: form({
        authorize: hidden(page.body, 'authorize'),
        csrf: hidden(page.body, 'csrf'),
        mfa_token: hidden(page.body, 'mfa_token'),
        ...fields,
      }),
    });

  it('asks for the code after the password, refuses a wrong one, and issues tokens saying mfa', async () => {
    const { page, response } = await submitPage(authorizeUrl({}), '/authorize/login', {
      action: 'continue',
      email: 'katherine@example.com',
      password: testTenant.goodPassword,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('action="/authorize/mfa"');
    expect(response.headers['set-cookie'] ?? '').not.toContain('identity_session');
    const cookies = cookiesOf(page);
    const enterCode = (onPage: { body: string }, otp: string) =>
      answerSecondFactor(onPage, cookies, { action: 'continue', method: 'otp', otp });
    const wrong = await enterCode(response, '000000');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('That code is not right.');
    const right = await enterCode(
      wrong,
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 }),
    );
    expect(right.statusCode).toBe(302);
    const tokens = fragmentOf(String(right.headers.location)).params;
    expect((await identity.verify(tokens.id_token ?? '', testTenant.webClientId)).payload.amr).toEqual([
      'mfa',
    ]);
    // The token completed its sign-in; posting it again is refused.
    const again = await enterCode(wrong, '123456');
    expect(again.statusCode).toBe(403);
    expect(again.body).toContain('This sign-in has expired');
  });

  it('takes the recovery code, shows the next one, then finishes', async () => {
    const { page, response } = await submitPage(authorizeUrl({}), '/authorize/login', {
      action: 'continue',
      email: 'katherine@example.com',
      password: testTenant.goodPassword,
    });
    const cookies = cookiesOf(page);
    const recoveryPage = await answerSecondFactor(response, cookies, {
      action: 'switch',
      method: 'recovery-code',
    });
    expect(recoveryPage.body).toContain('name="recovery_code"');
    const used = await answerSecondFactor(recoveryPage, cookies, {
      action: 'continue',
      method: 'recovery-code',
      recovery_code: recoveryCode,
    });
    expect(used.statusCode).toBe(200);
    const next = /data-testid="new-recovery-code">([A-Z2-9]{24})</.exec(used.body)?.[1];
    expect(next).toBeDefined();
    expect(next).not.toBe(recoveryCode);
    const finished = await answerSecondFactor(used, cookies, { action: 'continue' });
    expect(finished.statusCode).toBe(302);
    expect(fragmentOf(String(finished.headers.location)).params.access_token).toBeDefined();
  });
});
