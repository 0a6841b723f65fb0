import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { testTenant, useTestIdentity } from '#identity/test/test-identity.ts';

const identity = useTestIdentity();
const mfaAudience = `${testTenant.issuer}mfa/`;
const mfaScope = 'openid enroll read:authenticators remove:authenticators';
const otpGrant = 'http://auth0.com/oauth/grant-type/mfa-otp';
const recoveryGrant = 'http://auth0.com/oauth/grant-type/mfa-recovery-code';

/** The code an authenticator app shows for the secret, `stepsAhead` periods from now. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

const token = (payload: Record<string, unknown>) =>
  identity.app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { client_id: testTenant.webClientId, ...payload },
  });

const mfa = (method: 'GET' | 'POST' | 'DELETE', url: string, bearer: string, payload?: object) =>
  identity.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${bearer}` },
    ...(payload ? { payload } : {}),
  });

/** A password sign-in that stops at `mfa_required`; its mfa_token. */
async function mfaTokenFor(email: string, audience?: string, ip?: string) {
  const response = await identity.passwordLogin(email, testTenant.goodPassword, {
    ...(audience ? { audience, scope: mfaScope } : { audience: `${testTenant.issuer}api/v2/` }),
    ...(ip ? { ip } : {}),
  });
  expect(response.statusCode).toBe(403);
  const body = response.json();
  expect(body).toMatchObject({
    error: 'mfa_required',
    error_description: 'Multifactor authentication required',
  });
  // Without the MFA audience only an enrolled person is stopped: they are to be challenged.
  if (!audience) expect(body.mfa_requirements).toEqual({ challenge: [{ type: 'otp' }] });
  return body.mfa_token as string;
}

/** Enrols an authenticator app for a new person as the product does; the secret and recovery code. */
async function enrolled(email: string) {
  await identity.signUp(email);
  const mfaToken = await mfaTokenFor(email, mfaAudience);
  const fresh = await identity.passwordLogin(email, testTenant.goodPassword, {
    audience: mfaAudience,
    scope: mfaScope,
  });
  expect(fresh.json().mfa_requirements).toEqual({ enroll: [{ type: 'otp' }] });
  const association = (
    await mfa('POST', '/mfa/associate', mfaToken, { authenticator_types: ['otp'] })
  ).json();
  const confirmed = await token({
    grant_type: otpGrant,
    mfa_token: mfaToken,
    otp: codeOf(association.secret),
  });
  expect(confirmed.statusCode).toBe(200);
  return {
    secret: association.secret as string,
    recoveryCode: association.recovery_codes[0] as string,
    mfaAccess: confirmed.json().access_token as string,
  };
}

describe('enrolling an authenticator app (MFA API)', () => {
  it('asks for the MFA audience, associates, and confirms with the first code', async () => {
    await identity.signUp('ada@example.com');
    // Without a second factor a sign-in is not stopped.
    expect((await identity.passwordLogin('ada@example.com', testTenant.goodPassword)).statusCode).toBe(200);

    const mfaToken = await mfaTokenFor('ada@example.com', mfaAudience);
    expect((await mfa('GET', '/mfa/authenticators', mfaToken)).json()).toEqual([]);
    const associated = await mfa('POST', '/mfa/associate', mfaToken, { authenticator_types: ['otp'] });
    expect(associated.statusCode).toBe(200);
    const association = associated.json();
    expect(association).toMatchObject({
      authenticator_type: 'otp',
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      barcode_uri: expect.stringMatching(/^otpauth:\/\/totp\/localhost%3A3001:ada%40example\.com\?/),
      recovery_codes: [expect.stringMatching(/^[A-Z2-9]{24}$/)],
    });
    expect(new URL(association.barcode_uri).searchParams.get('secret')).toBe(association.secret);

    // A wrong code is refused and leaves the authenticator unconfirmed.
    const wrong = await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid otp_code.' });
    expect((await identity.passwordLogin('ada@example.com', testTenant.goodPassword)).statusCode).toBe(200);

    const confirmed = await token({
      grant_type: otpGrant,
      mfa_token: mfaToken,
      otp: codeOf(association.secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const access = await identity.verify(confirmed.json().access_token, mfaAudience);
    expect(access.payload.scope).toBe(mfaScope);
    const id = await identity.verify(confirmed.json().id_token, testTenant.webClientId);
    expect(id.payload.amr).toEqual(['mfa']);

    // From now on every sign-in owes the code.
    await mfaTokenFor('ada@example.com');
    const list = (await mfa('GET', '/mfa/authenticators', confirmed.json().access_token)).json();
    expect(list).toEqual([
      { id: expect.stringMatching(/^totp\|dev_/), authenticator_type: 'otp', active: true },
      {
        id: expect.stringMatching(/^recovery-code\|dev_/),
        authenticator_type: 'recovery-code',
        active: true,
      },
    ]);
    // A second association is refused until the first is removed.
    const again = await mfa('POST', '/mfa/associate', await mfaTokenFor('ada@example.com', mfaAudience), {
      authenticator_types: ['otp'],
    });
    expect(again.json()).toEqual({ error: 'access_denied', error_description: 'User is already enrolled.' });
  });
});

describe('signing in with a second factor', () => {
  let secret: string;
  let recoveryCode: string;
  beforeAll(async () => {
    ({ secret, recoveryCode } = await enrolled('grace@example.com'));
  });

  it('completes the stopped sign-in with a code, once: the token and the code are spent', async () => {
    const mfaToken = await mfaTokenFor('grace@example.com');
    expect((await mfa('POST', '/mfa/challenge', mfaToken, undefined)).statusCode).toBe(400);
    const challenge = await identity.app.inject({
      method: 'POST',
      url: '/mfa/challenge',
      payload: { client_id: testTenant.webClientId, mfa_token: mfaToken, challenge_type: 'otp' },
    });
    expect(challenge.json()).toEqual({ challenge_type: 'otp' });
    const code = codeOf(secret, 1);
    const done = await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: code });
    expect(done.statusCode).toBe(200);
    const access = await identity.verify(done.json().access_token, `${testTenant.issuer}api/v2/`);
    expect(access.payload).toMatchObject({ gty: 'mfa', sub: expect.stringMatching(/^auth0\|/) });

    const replayedToken = await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: code });
    expect(replayedToken.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Malformed mfa_token',
    });
    const replayedCode = await token({
      grant_type: otpGrant,
      mfa_token: await mfaTokenFor('grace@example.com'),
      otp: code,
    });
    expect(replayedCode.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid otp_code.' });
  });

  it("refuses another client's mfa_token, another person's code and an expired token", async () => {
    const mfaToken = await mfaTokenFor('grace@example.com');
    const otherClient = await token({
      client_id: 'launchkit-api',
      grant_type: otpGrant,
      mfa_token: mfaToken,
      otp: codeOf(secret),
    });
    expect(otherClient.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Malformed mfa_token',
    });
    const other = await enrolled('linus@example.com');
    const wrongPerson = await token({
      grant_type: otpGrant,
      mfa_token: mfaToken,
      otp: codeOf(other.secret, -1),
    });
    expect(wrongPerson.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid otp_code.' });

    const realNow = Date.now;
    Date.now = () => realNow() + 10 * 60 * 1000 + 1;
    try {
      const expired = await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: codeOf(secret) });
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({ error: 'expired_token', error_description: 'mfa_token is expired' });
    } finally {
      Date.now = realNow;
    }
  });

  it('takes the recovery code once and answers with the next one', async () => {
    const used = await token({
      grant_type: recoveryGrant,
      mfa_token: await mfaTokenFor('grace@example.com'),
      recovery_code: recoveryCode.toLowerCase(),
    });
    expect(used.statusCode).toBe(200);
    const next = used.json().recovery_code;
    expect(next).toMatch(/^[A-Z2-9]{24}$/);
    expect(next).not.toBe(recoveryCode);
    const spent = await token({
      grant_type: recoveryGrant,
      mfa_token: await mfaTokenFor('grace@example.com'),
      recovery_code: recoveryCode,
    });
    expect(spent.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid recovery code.' });
    recoveryCode = next;
  });

  it('locks the person out after ten wrong codes, even the right one, as Auth0 does', async () => {
    const { secret: ownSecret } = await enrolled('mallory-target@example.com');
    const mfaToken = await mfaTokenFor('mallory-target@example.com');
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: String(100000 + attempt) });
      expect(wrong.statusCode).toBe(403);
    }
    const locked = await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: codeOf(ownSecret, 1) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'too_many_attempts' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not affected (Grace's current codes are spent: her recovery code it is).
    const other = await token({
      grant_type: recoveryGrant,
      mfa_token: await mfaTokenFor('grace@example.com'),
      recovery_code: recoveryCode,
    });
    expect(other.statusCode).toBe(200);
  });

  it('lets the owner end a lock-out with the recovery code: accepted while the codes are locked, which then count from ten again', async () => {
    const { secret: ownSecret, recoveryCode: ownRecoveryCode } = await enrolled('lockout-owner@example.com');
    const mfaToken = await mfaTokenFor('lockout-owner@example.com');
    for (let attempt = 0; attempt < 10; attempt++) {
      await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: String(200000 + attempt) });
    }
    expect(
      (await token({ grant_type: otpGrant, mfa_token: mfaToken, otp: codeOf(ownSecret, 1) })).statusCode,
    ).toBe(429);
    // A wrong recovery code is refused, and counts.
    const guessed = await token({
      grant_type: recoveryGrant,
      mfa_token: mfaToken,
      recovery_code: 'A'.repeat(24),
    });
    expect(guessed.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid recovery code.' });
    const recovered = await token({
      grant_type: recoveryGrant,
      mfa_token: mfaToken,
      recovery_code: ownRecoveryCode,
    });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toMatchObject({
      access_token: expect.any(String),
      recovery_code: expect.any(String),
    });
    // The bucket is full again: the next sign-in's right code passes.
    const next = await token({
      grant_type: otpGrant,
      mfa_token: await mfaTokenFor('lockout-owner@example.com'),
      otp: codeOf(ownSecret, 1),
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('removes the factors with an MFA API token, and the Management API lists them until then', async () => {
    const { mfaAccess } = await enrolled('hedy@example.com');
    const userId = (await identity.verify(mfaAccess, mfaAudience)).payload.sub as string;
    const methods = await identity.app.inject({
      method: 'GET',
      url: `/api/v2/users/${encodeURIComponent(userId)}/authentication-methods`,
      headers: { authorization: `Bearer ${await identity.managementToken()}` },
    });
    expect(methods.json()).toEqual([
      // The password too, as Auth0 lists it among the methods.
      {
        id: expect.stringMatching(/^password\|/),
        type: 'password',
        confirmed: true,
        created_at: expect.any(String),
      },
      {
        id: expect.stringMatching(/^totp\|/),
        type: 'totp',
        confirmed: true,
        created_at: expect.any(String),
        last_auth_at: expect.any(String),
      },
      {
        id: expect.stringMatching(/^recovery-code\|/),
        type: 'recovery-code',
        confirmed: true,
        created_at: expect.any(String),
      },
    ]);
    const list = (await mfa('GET', '/mfa/authenticators', mfaAccess)).json() as {
      id: string;
      authenticator_type: string;
    }[];
    const otp = list.find((factor) => factor.authenticator_type === 'otp');
    // An mfa_token lists but cannot remove.
    const withMfaToken = await mfa(
      'DELETE',
      `/mfa/authenticators/${encodeURIComponent(otp?.id ?? '')}`,
      await mfaTokenFor('hedy@example.com'),
    );
    expect(withMfaToken.statusCode).toBe(403);
    const removed = await mfa(
      'DELETE',
      `/mfa/authenticators/${encodeURIComponent(otp?.id ?? '')}`,
      mfaAccess,
    );
    expect(removed.statusCode).toBe(204);
    expect((await mfa('GET', '/mfa/authenticators', mfaAccess)).json()).toEqual([]);
    expect((await identity.passwordLogin('hedy@example.com', testTenant.goodPassword)).statusCode).toBe(200);
    expect(
      (await mfa('DELETE', `/mfa/authenticators/${encodeURIComponent(otp?.id ?? '')}`, mfaAccess)).statusCode,
    ).toBe(404);
  });
});
