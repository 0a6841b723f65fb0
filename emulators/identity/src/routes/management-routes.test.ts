import { beforeAll, describe, expect, it } from 'vitest';
import { linkIn, startTestIdentity, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity();
let adminToken: string;
let alanId: string;
let alanToken: string;
let joanId: string;
const managementAudience = `${testTenant.issuer}api/v2/`;

beforeAll(async () => {
  alanId = `auth0|${(await identity.signUp('alan@example.com')).json()._id}`;
  joanId = `auth0|${(await identity.signUp('joan@example.com')).json()._id}`;
  // A user's Management API token has the current-user scopes it asks for, and only those.
  alanToken = (
    await identity.passwordLogin('alan@example.com', testTenant.goodPassword, {
      audience: managementAudience,
      scope: 'openid read:current_user update:current_user_metadata',
    })
  ).json().access_token;
  adminToken = await identity.managementToken();
});

const call = (method: 'GET' | 'PATCH' | 'DELETE' | 'POST', url: string, token?: string, payload?: unknown) =>
  identity.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const userUrl = (id: string) => `/api/v2/users/${encodeURIComponent(id)}`;

/** The Management API's error body, exactly; `errorCode` only where Auth0 sends one. */
function expectManagementError(
  response: { statusCode: number; json(): unknown },
  statusCode: number,
  error: string,
  message: string,
  errorCode?: string,
) {
  expect(response.statusCode).toBe(statusCode);
  expect(response.json()).toEqual({ statusCode, error, message, ...(errorCode ? { errorCode } : {}) });
}

describe('GET /api/v2/users/:id', () => {
  it('lets the management client read anyone and a user read only itself', async () => {
    const byAdmin = await call('GET', userUrl(joanId), adminToken);
    expect(byAdmin.statusCode).toBe(200);
    const joan = byAdmin.json();
    expect(joan).toMatchObject({
      user_id: joanId,
      email: 'joan@example.com',
      email_verified: false,
      identities: [
        {
          connection: 'Username-Password-Authentication',
          provider: 'auth0',
          user_id: joanId.slice(6),
          isSocial: false,
        },
      ],
      user_metadata: {},
      app_metadata: {},
      logins_count: 0,
      blocked: false,
    });
    expect(JSON.stringify(joan)).not.toMatch(/scrypt|passwordHash|"password"/);

    expect((await call('GET', userUrl(alanId), alanToken)).json()).toMatchObject({
      user_id: alanId,
      logins_count: 1,
    });
    const other = await call('GET', userUrl(joanId), alanToken);
    const unasked = await identity.passwordLogin('alan@example.com', testTenant.goodPassword, {
      audience: managementAudience,
    });
    expect(unasked.json().scope).toBe('openid profile email');
    expect((await call('GET', userUrl(alanId), unasked.json().access_token)).statusCode).toBe(403);
    expectManagementError(
      other,
      403,
      'Forbidden',
      'Insufficient scope, expected any of: read:users,read:current_user',
      'insufficient_scope',
    );
  });

  it('answers 404 for an unknown user and 401 without a valid token', async () => {
    const unknown = await call('GET', userUrl('auth0|000000000000000000000000'), adminToken);
    expectManagementError(unknown, 404, 'Not Found', 'The user does not exist.', 'inexistent_user');
    const missing = await call('GET', userUrl(joanId));
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Missing authentication',
    });
    expect((await call('GET', userUrl(joanId), 'not.a.token')).statusCode).toBe(401);
  });
});

describe('PATCH /api/v2/users/:id', () => {
  it('lets a user change its own user_metadata and nothing else', async () => {
    const own = await call('PATCH', userUrl(alanId), alanToken, {
      user_metadata: { theme: 'dark', drop: 'me' },
    });
    expect(own.statusCode).toBe(200);
    const merged = await call('PATCH', userUrl(alanId), alanToken, {
      user_metadata: { drop: null, lang: 'en' },
    });
    expect(merged.json().user_metadata).toEqual({ theme: 'dark', lang: 'en' });

    const email = await call('PATCH', userUrl(alanId), alanToken, { email: 'alan@elsewhere.example' });
    expect(email.statusCode).toBe(403);
    expect(email.json()).toMatchObject({ statusCode: 403, errorCode: 'insufficient_scope' });
    const other = await call('PATCH', userUrl(joanId), alanToken, { user_metadata: { x: '1' } });
    expect(other.statusCode).toBe(403);
  });

  it('lets the management client change the email, unverified, and refuses one that is taken', async () => {
    const changed = await call('PATCH', userUrl(alanId), adminToken, {
      email: 'turing@example.com',
      name: 'Alan Turing',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      email: 'turing@example.com',
      email_verified: false,
      name: 'Alan Turing',
    });
    expect((await identity.passwordLogin('turing@example.com', testTenant.goodPassword)).statusCode).toBe(
      200,
    );

    // Auth0 says 400 (not 409) for an email in use.
    const taken = await call('PATCH', userUrl(alanId), adminToken, { email: 'JOAN@example.com' });
    expectManagementError(
      taken,
      400,
      'Bad Request',
      'The specified new email already exists',
      'auth0_idp_error',
    );
  });

  it('enforces the password policy on a new password and validates the payload', async () => {
    const weak = await call('PATCH', userUrl(joanId), adminToken, {
      password: 'short',
      connection: 'Username-Password-Authentication',
    });
    expectManagementError(weak, 400, 'Bad Request', 'PasswordStrengthError: Password is too weak');

    const invalid = await call('PATCH', userUrl(joanId), adminToken, {
      email: 'not-an-email',
      colour: 'red',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      errorCode: 'invalid_body',
    });
    expect(invalid.json().message).toMatch(/^Payload validation error: /);

    const both = await call('PATCH', userUrl(joanId), adminToken, {
      email: 'j@example.com',
      password: testTenant.goodPassword,
    });
    expect(both.statusCode).toBe(400);
  });

  it('makes /userinfo refuse a user once blocked', async () => {
    const joanToken = (await identity.passwordLogin('joan@example.com', testTenant.goodPassword)).json()
      .access_token;
    const userinfo = () => call('GET', '/userinfo', joanToken);
    expect((await userinfo()).statusCode).toBe(200);
    expect((await call('PATCH', userUrl(joanId), adminToken, { blocked: true })).json().blocked).toBe(true);
    const refused = await userinfo();
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toBe('Unauthorized');
    expect(refused.headers['www-authenticate']).toContain('invalid_token');

    const login = await identity.passwordLogin('joan@example.com', testTenant.goodPassword);
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: 'unauthorized', error_description: 'user is blocked' });
    await call('PATCH', userUrl(joanId), adminToken, { blocked: false });
    expect((await userinfo()).statusCode).toBe(200);
  });
});

describe('POST /api/v2/jobs/verification-email', () => {
  it('mails a new verification link to the user, as a job Auth0 reports pending', async () => {
    const email = `again-${Date.now()}@example.com`;
    const userId = `auth0|${(await identity.signUp(email)).json()._id}`;
    const sent = await identity.mailTo(email, 'Verify your email');
    const response = await call('POST', '/api/v2/jobs/verification-email', adminToken, { user_id: userId });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      type: 'verification_email',
      status: 'pending',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      id: expect.stringMatching(/^job_/),
    });
    const resent = await identity.mailTo(email, 'Verify your email');
    expect(resent?.text).not.toBe(sent?.text);
    const link = linkIn(resent, `${testTenant.issuer}u/email-verification`);
    expect(
      (await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode,
    ).toBe(200);
    expect((await call('GET', userUrl(userId), adminToken)).json()).toMatchObject({ email_verified: true });
  });

  it('needs update:users, a known user and a valid payload', async () => {
    expectManagementError(
      await call('POST', '/api/v2/jobs/verification-email', alanToken, { user_id: alanId }),
      403,
      'Forbidden',
      'Insufficient scope, expected any of: update:users',
      'insufficient_scope',
    );
    expectManagementError(
      await call('POST', '/api/v2/jobs/verification-email', adminToken, { user_id: 'auth0|nobody' }),
      404,
      'Not Found',
      'The user does not exist.',
      'inexistent_user',
    );
    const invalid = await call('POST', '/api/v2/jobs/verification-email', adminToken, { user: alanId });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ errorCode: 'invalid_body' });
  });
});

describe('DELETE /api/v2/users/:id and account linking', () => {
  it('links a second account into the primary with its id token, then deletes users', async () => {
    const secondId = `auth0|${(await identity.signUp('second@example.com')).json()._id}`;
    const second = (await identity.passwordLogin('second@example.com', testTenant.goodPassword)).json();
    const primaryToken = (
      await identity.passwordLogin('turing@example.com', testTenant.goodPassword, {
        audience: managementAudience,
        scope: 'openid update:current_user_identities',
      })
    ).json().access_token;

    const link = await call('POST', `${userUrl(alanId)}/identities`, primaryToken, {
      link_with: second.id_token,
    });
    expect(link.statusCode).toBe(201);
    expect(link.json()).toEqual([
      expect.objectContaining({ provider: 'auth0', user_id: alanId.slice(6) }),
      expect.objectContaining({
        provider: 'auth0',
        user_id: secondId.slice(6),
        profileData: expect.objectContaining({ email: 'second@example.com' }),
      }),
    ]);
    expect((await call('GET', userUrl(secondId), adminToken)).statusCode).toBe(404);
    // The linked identity now signs in as the primary user.
    const linkedLogin = (await identity.passwordLogin('second@example.com', testTenant.goodPassword)).json();
    const me = await call('GET', '/userinfo', linkedLogin.access_token);
    expect(me.json().sub).toBe(alanId);

    expect((await call('DELETE', userUrl(alanId), alanToken)).statusCode).toBe(403);
    expect((await call('DELETE', userUrl(alanId), adminToken)).statusCode).toBe(204);
    expect((await call('GET', userUrl(alanId), adminToken)).statusCode).toBe(404);
    expect((await call('GET', '/userinfo', linkedLogin.access_token)).statusCode).toBe(401);
    expect((await identity.passwordLogin('second@example.com', testTenant.goodPassword)).statusCode).toBe(
      403,
    );
  });
});

describe('the Management API rate limit', () => {
  it('answers x-ratelimit-* on every call and 429 past the tenant’s bucket, with Retry-After', async () => {
    const limited = await startTestIdentity({ IDENTITY_MANAGEMENT_REQUESTS_PER_MINUTE: '3' });
    try {
      const token = await limited.managementToken();
      const call = () =>
        limited.app.inject({
          method: 'GET',
          url: '/api/v2/users/auth0%7C000000000000000000000000',
          headers: { authorization: `Bearer ${token}` },
        });
      const answers = [await call(), await call(), await call(), await call()];
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 429]);
      expect(answers[0]?.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '2' });
      expect(Number(answers[0]?.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      expect(answers[3]?.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
      expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.destroy();
    }
  });
});
