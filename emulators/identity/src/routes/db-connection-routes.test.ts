import { describePasswordPolicy } from '@launchkit/password-policy';
import passwordSheriff from 'password-sheriff';
import { describe, expect, it } from 'vitest';
import { linkIn, testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity({ IDENTITY_RESET_REQUESTS_PER_MINUTE: '2' });

/** The dbconnections endpoints' 400 answer. */
const badRequest = (code: string, description: string) => ({
  name: 'BadRequestError',
  code,
  description,
  statusCode: 400,
});

describe('POST /dbconnections/signup', () => {
  it('creates an unverified database user and emails a verification link that verifies it', async () => {
    const response = await identity.signUp('Ada@Example.com', testTenant.goodPassword, {
      given_name: 'Ada',
      family_name: 'Lovelace',
      user_metadata: { plan: 'pro' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: 'Ada@Example.com',
      email_verified: false,
    });

    const mail = await identity.mailTo('ada@example.com', 'Verify your email');
    const link = linkIn(mail, 'http://localhost:3001/u/email-verification?ticket=');
    const page = await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('was successfully verified');
    const again = await identity.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('already been used');

    const login = await identity.passwordLogin('ada@example.com', testTenant.goodPassword);
    const { payload } = await identity.verify(login.json().id_token, testTenant.webClientId);
    expect(payload).toMatchObject({
      sub: `auth0|${body._id}`,
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      given_name: 'Ada',
      nickname: 'Ada',
    });
  });

  it('refuses an email that exists already, whatever its case', async () => {
    const response = await identity.signUp('ADA@example.COM');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(badRequest('user_exists', 'The user already exists.'));
  });

  it('refuses a weak password with the rules it failed and the policy text', async () => {
    const response = await identity.signUp('weak@example.com', 'password');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({
      name: 'PasswordStrengthError',
      message: 'Password is too weak',
      code: 'invalid_password',
      statusCode: 400,
      policy: describePasswordPolicy('good'),
      description: { verified: false },
    });
    // password-sheriff's own verdict, as Auth0 sends it: message templates with format, nested items.
    expect(body.description.rules).toEqual(passwordSheriff('good').missing('password').rules);
  });

  it('answers malformed sign-ups in the dbconnections error shape', async () => {
    const post = (payload: unknown, contentType = 'application/json') =>
      identity.app.inject({
        method: 'POST',
        url: '/dbconnections/signup',
        headers: { 'content-type': contentType },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    const base = { client_id: testTenant.webClientId, connection: testTenant.connection };

    const missingPassword = await post({ ...base, email: 'x@example.com' });
    expect(missingPassword.statusCode).toBe(400);
    expect(missingPassword.json()).toMatchObject(badRequest('invalid_signup', 'Invalid sign up'));
    expect((await post({ ...base, password: testTenant.goodPassword })).json().code).toBe('invalid_signup');
    expect(
      (await post({ ...base, email: 'not-an-email', password: testTenant.goodPassword })).json().code,
    ).toBe('invalid_signup');
    expect((await post({ ...base, email: 42, password: [testTenant.goodPassword] })).json().code).toBe(
      'invalid_signup',
    );
    expect(
      (
        await post({
          ...base,
          email: 'm@example.com',
          password: testTenant.goodPassword,
          user_metadata: { a: { b: 1 } },
        })
      ).json().code,
    ).toBe('invalid_signup');
    expect((await post([1, 2])).json().code).toBe('invalid_signup');

    const badJson = await post('{"email": ');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ name: 'BadRequestError', statusCode: 400 });

    const text = await post('email=x', 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type', statusCode: 415 });

    const unknownClient = await post({
      client_id: 'someone-else',
      connection: testTenant.connection,
      email: 'x@example.com',
      password: testTenant.goodPassword,
    });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.json()).toMatchObject({ code: 'invalid_client', statusCode: 400 });

    const unknownConnection = await post({
      client_id: testTenant.webClientId,
      connection: 'other',
      email: 'x@example.com',
      password: testTenant.goodPassword,
    });
    expect(unknownConnection.json()).toMatchObject({ code: 'invalid_connection', statusCode: 400 });

    const tooLarge = await post({ ...base, email: 'big@example.com', password: 'x'.repeat(70_000) });
    expect(tooLarge.statusCode).toBe(413);
  });
});

describe('POST /dbconnections/change_password', () => {
  const requestReset = (email: string, ip = '198.51.100.1') =>
    identity.app.inject({
      method: 'POST',
      url: '/dbconnections/change_password',
      remoteAddress: ip,
      payload: { client_id: testTenant.webClientId, email, connection: testTenant.connection },
    });

  it('gives the same answer for unknown emails, sending nothing, as the bare sentence in text/html', async () => {
    const unknown = await requestReset('nobody@example.com');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toBe("We've just sent you an email to reset your password.");
    expect(await identity.mailTo('nobody@example.com', 'Reset your password')).toBeUndefined();
  });

  it('limits requests per address and email as Auth0 does: a burst, then 429 with x-ratelimit-*', async () => {
    // IDENTITY_RESET_REQUESTS_PER_MINUTE=2 here: a burst of 20 (Auth0: 10, then 1 a minute).
    const first = await requestReset('limited@example.com');
    expect(first.headers['x-ratelimit-limit']).toBe('20');
    expect(first.headers['x-ratelimit-remaining']).toBe('19');
    for (let request = 1; request < 20; request += 1) {
      expect((await requestReset('limited@example.com')).statusCode).toBe(200);
    }
    const limited = await requestReset('limited@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'too_many_requests', error_description: 'Too many requests' });
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await requestReset('limited@example.com', '198.51.100.2')).statusCode).toBe(200);
    expect((await requestReset('other@example.com')).statusCode).toBe(200);
  });

  it('emails a reset link to a known user', async () => {
    const response = await requestReset('ada@example.com');
    expect(response.body).toBe("We've just sent you an email to reset your password.");
    const mail = await identity.mailTo('ada@example.com', 'Reset your password');
    expect(linkIn(mail, 'http://localhost:3001/lo/reset?ticket=').searchParams.get('ticket')).toMatch(
      /^[\w-]{20,}$/,
    );
  });

  it('ends every sign-in of the person when the emailed link sets a new password', async () => {
    await identity.signUp('hopper@example.com', testTenant.goodPassword);
    const signedIn = await identity.passwordLogin('hopper@example.com', testTenant.goodPassword, {
      scope: 'openid offline_access',
    });
    const refresh = (refreshToken: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/oauth/token',
        payload: {
          grant_type: 'refresh_token',
          client_id: testTenant.webClientId,
          refresh_token: refreshToken,
        },
      });
    const rotated = await refresh(signedIn.json().refresh_token);
    expect(rotated.statusCode).toBe(200);

    expect((await requestReset('hopper@example.com')).statusCode).toBe(200);
    const link = linkIn(
      await identity.mailTo('hopper@example.com', 'Reset your password'),
      'http://localhost:3001/lo/reset?ticket=',
    );
    const done = await identity.app.inject({
      method: 'POST',
      url: '/lo/reset',
      payload: new URLSearchParams({
        ticket: link.searchParams.get('ticket') ?? '',
        password: 'New-horse-10',
        confirm: 'New-horse-10',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    // The family's latest token, never used, is refused: every family of the person is revoked.
    const refused = await refresh(rotated.json().refresh_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a request without an email in the dbconnections shape', async () => {
    const response = await identity.app.inject({
      method: 'POST',
      url: '/dbconnections/change_password',
      payload: { client_id: testTenant.webClientId, connection: testTenant.connection },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      name: 'BadRequestError',
      code: 'invalid_request',
      statusCode: 400,
    });
  });
});
