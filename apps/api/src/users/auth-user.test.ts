import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#api/db/schema.ts';
import { startTestApp, type TestApp } from '#api/test/test-app.ts';
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
  testPassword,
} from '#api/test/test-identity-provider.ts';
import { createTestUsers, type TestUser } from '#api/test/test-users.ts';

let identity: TestIdentityProvider;
let testApp: TestApp;
let newUser: () => Promise<TestUser>;

beforeAll(async () => {
  identity = await startTestIdentityProvider();
  testApp = await startTestApp(identity.appEnv);
  newUser = createTestUsers(identity);
});
afterAll(async () => {
  await testApp?.close();
  await identity?.close();
});

const patchAuthUser = (token: string, payload: unknown) =>
  testApp.app.inject({
    method: 'PATCH',
    url: '/api/auth-user',
    headers: { authorization: `Bearer ${token}` },
    payload: payload as Record<string, unknown>,
  });

describe('GET /api/user', () => {
  it('creates the user document on the first call, with the email from the provider, once under concurrency', async () => {
    const person = await newUser();
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        testApp.app.inject({
          method: 'GET',
          url: '/api/user',
          headers: { authorization: `Bearer ${person.token}` },
        }),
      ),
    );
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ uid: person.uid, email: person.email });
    }
    expect(await testApp.db.select().from(users).where(eq(users.id, person.uid))).toHaveLength(1);
  });
});

describe('PATCH /api/auth-user', () => {
  it('changes the name at the provider and in the user document', async () => {
    const person = await newUser();
    const response = await patchAuthUser(person.token, { name: '  Ada Lovelace ' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ uid: person.uid, name: 'Ada Lovelace' });
    const profile = (await (
      await fetch(`${identity.origin}/userinfo`, { headers: { authorization: `Bearer ${person.token}` } })
    ).json()) as { name: string };
    expect(profile.name).toBe('Ada Lovelace');
  });

  it('changes the email: the new one signs in, the old one no longer does', async () => {
    const person = await newUser();
    const newEmail = `renamed-${Date.now()}@example.com`;
    const response = await patchAuthUser(person.token, { email: newEmail.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(newEmail);
    await expect(identity.signIn(newEmail)).resolves.toHaveProperty('access_token');
    await expect(identity.signIn(person.email)).rejects.toThrow(/403/);
  });

  it('refuses an email another account uses, changing nothing', async () => {
    const [first, second] = [await newUser(), await newUser()];
    const response = await patchAuthUser(first.token, { email: second.email });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'auth/email-already-in-use' });
    await expect(identity.signIn(first.email)).resolves.toHaveProperty('access_token');
  });

  it('changes the password; a weak one is refused with the policy', async () => {
    const person = await newUser();
    const weak = await patchAuthUser(person.token, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ code: 'auth/weak-password' });
    expect(weak.json().message).toMatch(/^Your password must be: \* At least 8 characters in length/);

    expect((await patchAuthUser(person.token, { password: 'Another-horse-7' })).statusCode).toBe(200);
    await expect(identity.signIn(person.email, 'Another-horse-7')).resolves.toHaveProperty('access_token');
    await expect(identity.signIn(person.email, testPassword)).rejects.toThrow(/403/);
  });

  it('asks for a recent sign-in before an email or password change, but not for a name', async () => {
    const person = await newUser();
    const longAgo = Math.floor(Date.now() / 1000) - 3600;
    const oldSignIn = await identity.signWithProviderKey({
      sub: person.uid,
      auth_time: longAgo,
      iat: longAgo + 60,
    });
    for (const change of [{ email: 'other@example.com' }, { password: 'Another-horse-7' }]) {
      const response = await patchAuthUser(oldSignIn, change);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'auth/requires-recent-login' });
    }
    expect((await patchAuthUser(oldSignIn, { name: 'Still fine' })).statusCode).toBe(200);
    await expect(identity.signIn(person.email)).resolves.toHaveProperty('access_token');
  });

  it('tells a social user that the provider owns their email and password', async () => {
    const { access_token: token } = await identity.signInWithProvider(
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
    const response = await testApp.app.inject({
      method: 'PATCH',
      url: '/api/auth-user',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    if (message) expect(response.json().message).toBe(message);
    await expect(identity.signIn(person.email)).resolves.toHaveProperty('access_token');
  });

  it('needs a valid token', async () => {
    const response = await patchAuthUser('not-a-token', { name: 'Mallory' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'auth/invalid-user-token' });
  });
});
