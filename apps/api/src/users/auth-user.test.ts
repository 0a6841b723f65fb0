import path from 'node:path';
import { signedInAtClaim } from '@launchkit/api-contract/access-token-claims';
import { readOutbox } from '@launchkit/mail';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '#api/db/schema.ts';
import { useAppWithIdentity } from '#api/test/app-with-identity.ts';
import { expectErrorEnvelope } from '#api/test/error-envelope.ts';
import { startTestApp } from '#api/test/test-app.ts';
import { startTestIdentityProvider, testPassword } from '#api/test/test-identity-provider.ts';
import { createTestUsers, type TestUser } from '#api/test/test-users.ts';

const suite = useAppWithIdentity();
const { newUser } = suite;

type Profile = {
  name: string;
  email: string;
  email_verified: boolean;
  picture: string;
  updated_at: string;
};

/** A token for the provider's Management API, got as the API gets one (client credentials). */
async function providerManagementToken() {
  const token = await fetch(`${suite.identity.origin}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      client_id: 'launchkit-api',
      client_secret: suite.identity.appEnv.AUTH0_MANAGEMENT_CLIENT_SECRET,
      audience: `${suite.identity.origin}/api/v2/`,
    }),
  });
  return ((await token.json()) as { access_token: string }).access_token;
}

/** The provider's Management API, called as an operator would (its dashboard), not through the app. */
async function providerManagement(method: 'GET' | 'PATCH', person: TestUser, body?: unknown) {
  const accessToken = await providerManagementToken();
  const response = await fetch(`${suite.identity.origin}/api/v2/users/${encodeURIComponent(person.uid)}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the Management API answered ${response.status}`);
  return response.json();
}

/** The provider's own record of the person, read back from it. */
const providerProfile = async (person: TestUser) => (await providerManagement('GET', person)) as Profile;

/** Marks the person's email verified, as the provider does when they follow its verification link. */
const verifyEmailAtProvider = (person: TestUser) =>
  providerManagement('PATCH', person, { email_verified: true });

const userRow = async (person: TestUser) =>
  (await suite.testApp.db.select().from(users).where(eq(users.id, person.uid)))[0];

/** Makes the database refuse updates of the users row whose `column` becomes `value`, for `work`. */
async function whileTheDatabaseRefuses(column: 'name' | 'email', value: string, work: () => Promise<void>) {
  await suite.testApp.db.execute(
    sql.raw(`create function refuse_user_writes() returns trigger language plpgsql as $$
      begin raise exception 'the database refused the write'; end $$`),
  );
  await suite.testApp.db.execute(
    sql.raw(`create trigger refuse_user_writes before update on users for each row
      when (new.${column} = '${value}') execute function refuse_user_writes()`),
  );
  try {
    await work();
  } finally {
    await suite.testApp.db.execute(sql.raw('drop trigger refuse_user_writes on users'));
    await suite.testApp.db.execute(sql.raw('drop function refuse_user_writes()'));
  }
}

/** `method` on `url` as the holder of `token`, or signed out without one. */
const callAs = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) =>
  suite.testApp.app.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

const patchAuthUser = (token: string, payload: unknown) =>
  suite.testApp.app.inject({
    method: 'PATCH',
    url: '/api/auth-user',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });

describe('POST /api/auth-user/verification-email', () => {
  const askForLink = (person: TestUser) => callAs(person.token, 'POST', '/api/auth-user/verification-email');
  const verificationMails = async (person: TestUser) =>
    (await readOutbox(path.join(suite.identity.dataDir, 'outbox'), { to: person.email })).filter(
      (mail) => mail.subject === 'Verify your email',
    );

  it('has the provider mail a new link, once a minute, and the link verifies the address', async () => {
    const person = await newUser({ verified: false });
    expect(await verificationMails(person)).toHaveLength(1); // sent at sign-up
    const sent = await askForLink(person);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ status: 'success', data: { email: person.email } });
    expect(await verificationMails(person)).toHaveLength(2);
    const [first, second] = await Promise.all([askForLink(person), askForLink(person)]);
    for (const again of [first, second]) {
      expectErrorEnvelope(
        again as Awaited<ReturnType<typeof askForLink>>,
        429,
        'auth/verification-email-too-soon',
        'We sent you a verification email less than a minute ago. Please check your inbox, or wait a minute before asking again.',
      );
    }
    expect(await verificationMails(person)).toHaveLength(2);
    await suite.identity.verifyEmail(person.email);
    expect(await providerProfile(person)).toMatchObject({ email_verified: true });
  });

  it('answers 409 auth/email-already-verified for a verified address, mailing nothing', async () => {
    const person = await newUser();
    const before = (await verificationMails(person)).length;
    expectErrorEnvelope(
      await askForLink(person),
      409,
      'auth/email-already-verified',
      'Your email address is already verified.',
    );
    expect(await verificationMails(person)).toHaveLength(before);
  });
});

describe('GET /api/user', () => {
  it('creates the user document on the first call, with the email from the provider, once under concurrency', async () => {
    const person = await newUser();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => callAs(person.token, 'GET', '/api/user')),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ uid: person.uid, email: person.email });
    }
    expect(await suite.testApp.db.select().from(users).where(eq(users.id, person.uid))).toHaveLength(1);
  });
});

describe('PATCH /api/auth-user', () => {
  it('changes the name at the provider and in the user document', async () => {
    const person = await newUser();
    const response = await patchAuthUser(person.token, { name: '  Ada Lovelace ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ uid: person.uid, name: 'Ada Lovelace' });
    const profile = (await (
      await fetch(`${suite.identity.origin}/userinfo`, {
        headers: { authorization: `Bearer ${person.token}` },
      })
    ).json()) as { name: string };
    expect(profile.name).toBe('Ada Lovelace');
  });

  it('changes the email: the new one signs in, the old one no longer does', async () => {
    const person = await newUser();
    const newEmail = `renamed-${Date.now()}@example.com`;
    const response = await patchAuthUser(person.token, { email: newEmail.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(newEmail);
    await expect(suite.identity.signIn(newEmail)).resolves.toHaveProperty('access_token');
    await expect(suite.identity.signIn(person.email)).rejects.toThrow(/403/);
  });

  it('has the provider prove a new email: unverified until its owner opens the link mailed to it', async () => {
    const person = await newUser();
    await verifyEmailAtProvider(person);
    const newEmail = `proven-${Date.now()}@example.com`;
    expect((await patchAuthUser(person.token, { email: newEmail })).statusCode).toBe(200);
    expect(await providerProfile(person)).toMatchObject({ email: newEmail, email_verified: false });
    const [mail] = await readOutbox(path.join(suite.identity.dataDir, 'outbox'), { to: newEmail });
    expect(mail?.subject).toBe('Verify your email');
    const link = mail?.text.match(/(https?:\/\/\S+\/u\/email-verification\S*)/)?.[1] ?? '';
    expect((await fetch(link)).status).toBe(200);
    expect(await providerProfile(person)).toMatchObject({ email: newEmail, email_verified: true });
  });

  it('refuses an email another account uses, changing nothing', async () => {
    const [first, second] = [await newUser(), await newUser()];
    const response = await patchAuthUser(first.token, { email: second.email });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: 'auth/email-already-in-use' });
    await expect(suite.identity.signIn(first.email)).resolves.toHaveProperty('access_token');
  });

  it("maps the provider's 400 for an email in use, as Auth0 answers it, to 409 auth/email-already-in-use", async () => {
    const [first, second] = [await newUser(), await newUser()];
    // The provider itself, asked as the API asks it: Auth0's 400, not a 409.
    const managementToken = await providerManagementToken();
    const direct = await fetch(`${suite.identity.origin}/api/v2/users/${encodeURIComponent(first.uid)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${managementToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: second.email, connection: 'Username-Password-Authentication' }),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The specified new email already exists',
      errorCode: 'auth0_idp_error',
    });

    const response = await patchAuthUser(first.token, { email: second.email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      status: 'error',
      code: 'auth/email-already-in-use',
      message: 'This email address is already used by another account.',
    });
    expect((await providerProfile(first)).email).toBe(first.email);
    expect((await userRow(first))?.email).toBe(first.email);
  });

  it('changes the password; a weak one is refused with the policy', async () => {
    const person = await newUser();
    const weak = await patchAuthUser(person.token, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'auth/weak-password' });
    expect(weak.json().message).toMatch(/^Your password must be: \* At least 8 characters in length/);

    expect((await patchAuthUser(person.token, { password: 'Another-horse-7' })).statusCode).toBe(200);
    await expect(suite.identity.signIn(person.email, 'Another-horse-7')).resolves.toHaveProperty(
      'access_token',
    );
    await expect(suite.identity.signIn(person.email, testPassword)).rejects.toThrow(/403/);
  });

  it('asks for a recent sign-in before an email or password change, but not for a name', async () => {
    const person = await newUser();
    const oldSignIn = await suite.identity.signedInLongAgo(person.uid);
    for (const change of [{ email: 'other@example.com' }, { password: 'Another-horse-7' }]) {
      const response = await patchAuthUser(oldSignIn, change);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'auth/requires-recent-login' });
    }
    expect((await patchAuthUser(oldSignIn, { name: 'Still fine' })).statusCode).toBe(200);
    await expect(suite.identity.signIn(person.email)).resolves.toHaveProperty('access_token');
  });

  it('finishes a password change whose sign-in grew too old while the provider was changing it', async () => {
    const person = await newUser();
    // A sign-in 3 s short of the limit, and a provider that answers the change 5 s later: old enough
    // by the time the other sessions are ended.
    const maxAgeSeconds = suite.testApp.config.identity.recentLoginMaxAgeSeconds;
    const signedInAt = Math.floor(Date.now() / 1000) - maxAgeSeconds + 3;
    const token = await suite.identity.signWithProviderKey({
      sub: person.uid,
      [signedInAtClaim]: signedInAt,
      iat: signedInAt,
    });
    const providerFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const answer = await providerFetch(input, init);
      if (init?.method === 'PATCH' && String(input).includes('/api/v2/users/')) {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
      return answer;
    });
    try {
      const response = await patchAuthUser(token, { password: 'Another-horse-7' });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      vi.restoreAllMocks();
    }
    await expect(suite.identity.signIn(person.email, 'Another-horse-7')).resolves.toHaveProperty(
      'access_token',
    );
  });

  it('tells a social user that the provider owns their email and password', async () => {
    const { access_token: token } = await suite.identity.signInWithProvider(
      'google-oauth2',
      `g-${Date.now()}@example.com`,
    );
    for (const change of [{ email: 'new@example.com' }, { password: 'Another-horse-7' }]) {
      const response = await patchAuthUser(token, change);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'auth/provider-managed-credentials' });
      expect(response.json().message).toMatch(/^You sign in with Google/);
    }
    expect((await patchAuthUser(token, { name: 'Renamed' })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Send {email}, {password} or a profile with name or picture.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: '' }, 'Please enter an email address'],
    [{ password: '' }, 'Please enter a password'],
    [{ name: '   ' }, 'Please enter your name'],
    [{ name: 'x'.repeat(201) }, 'The name is too long (200 characters at most).'],
    [{ picture: 'javascript:alert(1)' }, 'The picture must be an http(s) URL.'],
    [{ email: 'a@example.com', password: 'Another-horse-7' }, undefined],
    [{ name: 'Ada', stripePriceId: 'price_business' }, undefined],
    [[], undefined],
    ['just a string', undefined],
  ])('refuses %j with a 400 envelope and changes nothing', async (payload, message) => {
    const person = await newUser();
    const response = await suite.testApp.app.inject({
      method: 'PATCH',
      url: '/api/auth-user',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    if (message) expect(response.json().message).toBe(message);
    await expect(suite.identity.signIn(person.email)).resolves.toHaveProperty('access_token');
  });

  it.each([
    [{ name: 'Al\u0000ice' }, 'name', 'The name cannot contain control characters.'],
    [{ name: 'Al\u001bice' }, 'name', 'The name cannot contain control characters.'],
    [
      { picture: 'https://example.com/a\u0085.png' },
      'picture',
      'The picture URL cannot contain control characters.',
    ],
    [{ email: 'new\u0000@example.com' }, 'email', 'The email address cannot contain control characters.'],
    [{ password: 'Another\u0000horse-7' }, 'password', 'The password cannot contain control characters.'],
  ])(
    'refuses %j before asking the provider: 400, and nothing changes anywhere',
    async (payload, field, message) => {
      const person = await newUser();
      expect((await patchAuthUser(person.token, { name: 'Before' })).statusCode).toBe(200);
      const [profileBefore, rowBefore] = [await providerProfile(person), await userRow(person)];
      const response = await patchAuthUser(person.token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        status: 'error',
        code: 'validation_failed',
        message,
        fields: { [field]: message },
      });
      expect(await providerProfile(person)).toEqual(profileBefore);
      expect(await userRow(person)).toEqual(rowBefore);
      await expect(suite.identity.signIn(person.email)).resolves.toHaveProperty('access_token');
    },
  );

  it('takes a password as typed: spaces and punctuation are part of it', async () => {
    const person = await newUser();
    const password = ' Correct horse, battery staple! 9 ';
    expect((await patchAuthUser(person.token, { password })).statusCode).toBe(200);
    await expect(suite.identity.signIn(person.email, password)).resolves.toHaveProperty('access_token');
    await expect(suite.identity.signIn(person.email, password.trim())).rejects.toThrow(/403/);
  });

  it('puts the provider name back when the user document cannot be written, and answers internal_error', async () => {
    const person = await newUser();
    expect((await patchAuthUser(person.token, { name: 'Kept Name' })).statusCode).toBe(200);
    const rowBefore = await userRow(person);
    await whileTheDatabaseRefuses('name', 'Refused Name', async () => {
      const response = await patchAuthUser(person.token, { name: 'Refused Name' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 'error', code: 'internal_error' });
    });
    expect((await providerProfile(person)).name).toBe('Kept Name');
    expect(await userRow(person)).toEqual(rowBefore);
  });

  it('puts the provider email and its verification back when the user document cannot be written', async () => {
    const person = await newUser();
    await verifyEmailAtProvider(person);
    const profileBefore = await providerProfile(person);
    expect(profileBefore.email_verified).toBe(true);
    const refused = `refused-${Date.now()}@example.com`;
    await whileTheDatabaseRefuses('email', refused, async () => {
      const response = await patchAuthUser(person.token, { email: refused });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ status: 'error', code: 'internal_error' });
    });
    // The undo is a change of its own, so only the time of the last change differs.
    expect({ ...(await providerProfile(person)), updated_at: undefined }).toEqual({
      ...profileBefore,
      updated_at: undefined,
    });
    expect((await userRow(person))?.email).toBe(person.email);
    await expect(suite.identity.signIn(person.email)).resolves.toHaveProperty('access_token');
    await expect(suite.identity.signIn(refused)).rejects.toThrow(/403/);
  });

  it('answers 503 identity_unavailable when the provider cannot be reached, changing nothing', async () => {
    const lonelyIdentity = await startTestIdentityProvider();
    const lonelyApp = await startTestApp(lonelyIdentity.appEnv);
    let isIdentityOpen = true;
    try {
      const person = await createTestUsers(lonelyIdentity)();
      const headers = { authorization: `Bearer ${person.token}` };
      // The first call creates the user document and fetches the provider's signing keys.
      expect((await lonelyApp.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
      await lonelyIdentity.close();
      isIdentityOpen = false;
      const response = await lonelyApp.app.inject({
        method: 'PATCH',
        url: '/api/auth-user',
        headers,
        payload: { name: 'Unreachable' },
      });
      expectErrorEnvelope(
        response,
        503,
        'identity_unavailable',
        'The sign-in service is not reachable. Try again shortly.',
      );
      const [row] = await lonelyApp.db.select().from(users).where(eq(users.id, person.uid));
      expect(row?.name).not.toBe('Unreachable');
    } finally {
      await lonelyApp.close();
      if (isIdentityOpen) await lonelyIdentity.close();
    }
  });

  it('needs a valid token', async () => {
    const response = await patchAuthUser('not-a-token', { name: 'Mallory' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-user-token' });
  });
});

describe('GET /api/auth-user/authentication-methods', () => {
  const listMethods = (person: TestUser) =>
    callAs(person.token, 'GET', '/api/auth-user/authentication-methods');

  /** How the list shows a method whose id starts `kind|`: as `type`, unnamed. */
  const listedMethod = (kind: string, type: string, lastUsedAt: unknown = null) => ({
    id: expect.stringMatching(new RegExp(`^${kind}\\|`)),
    type,
    name: null,
    createdAt: expect.any(String),
    lastUsedAt,
  });

  it('lists the password before enrolment, then the authenticator app and the recovery code too', async () => {
    const person = await newUser();
    const before = await listMethods(person);
    expect(before.statusCode, before.body).toBe(200);
    const password = listedMethod('password', 'password');
    expect(before.json()).toEqual({ status: 'success', data: { methods: [password] } });
    await suite.identity.enrolAuthenticatorApp(person.email);
    const after = (await listMethods(person)).json();
    expect(after.data.methods).toEqual([
      password,
      listedMethod('totp', 'authenticator-app', expect.any(String)),
      listedMethod('recovery-code', 'recovery-code'),
    ]);
  });

  it('needs a signed-in caller', async () => {
    const response = await callAs(undefined, 'GET', '/api/auth-user/authentication-methods');
    expectErrorEnvelope(response, 401, 'auth/invalid-user-token', expect.any(String));
  });
});

describe('passkeys: PATCH and DELETE /api/auth-user/authentication-methods/:id', () => {
  const methodsOf = async (token: string) =>
    (await callAs(token, 'GET', '/api/auth-user/authentication-methods')).json().data.methods as {
      id: string;
      type: string;
      name: string | null;
    }[];
  const onMethod = (method: 'PATCH' | 'DELETE', token: string, id: string, payload?: object) =>
    callAs(token, method, `/api/auth-user/authentication-methods/${encodeURIComponent(id)}`, payload);

  it('lists, renames and removes the caller’s own passkey, and nobody else’s', async () => {
    const email = `passkey-${Date.now()}@example.com`;
    const { access_token: token } = await suite.identity.signUpWithPasskey(email);
    expect((await callAs(token, 'GET', '/api/user')).statusCode).toBe(200);
    const [passkey] = await methodsOf(token);
    expect(passkey).toMatchObject({
      id: expect.stringMatching(/^passkey\|/),
      type: 'passkey',
      name: 'Passkey',
    });
    const id = passkey?.id ?? '';

    const renamed = await onMethod('PATCH', token, id, { name: 'Work laptop' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ id, name: 'Work laptop' });
    expect((await methodsOf(token))[0]?.name).toBe('Work laptop');
    const blank = await onMethod('PATCH', token, id, { name: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({
      status: 'error',
      code: 'validation_failed',
      message: 'Please enter a name for the passkey',
    });

    // Another person cannot touch it, nor find out it exists.
    const other = await newUser();
    for (const attempt of [
      await onMethod('PATCH', other.token, id, { name: 'Mine' }),
      await onMethod('DELETE', other.token, id),
    ]) {
      expectErrorEnvelope(
        attempt,
        404,
        'auth/passkey-not-found',
        'There is no such passkey on your account: it may have been removed already. Reload the page.',
      );
    }
    expect((await methodsOf(token))[0]?.name).toBe('Work laptop');

    const removed = await onMethod('DELETE', token, id);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ status: 'success', data: { id } });
    expect(await methodsOf(token)).toEqual([]);
  });

  it('asks for a recent sign-in before removing a passkey', async () => {
    const { access_token: fresh } = await suite.identity.signUpWithPasskey(
      `passkey-old-${Date.now()}@example.com`,
    );
    const [passkey] = await methodsOf(fresh);
    const old = await suite.identity.signWithProviderKey({
      sub: JSON.parse(Buffer.from(fresh.split('.')[1] ?? '', 'base64url').toString()).sub,
      iat: Math.floor(Date.now() / 1000) - 3600,
      [signedInAtClaim]: Math.floor(Date.now() / 1000) - 3600,
    });
    expectErrorEnvelope(
      await onMethod('DELETE', old, passkey?.id ?? ''),
      401,
      'auth/requires-recent-login',
      'For your security, please sign in again to complete this action.',
    );
    expect(await methodsOf(fresh)).toHaveLength(1);
  });
});
