import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { signInSessions } from '#api/db/schema.ts';
import { itemStreamKit, nextList } from '#api/test/item-streams.ts';
import { listenOnLoopback, startTestApp } from '#api/test/test-app.ts';
import { testPassword } from '#api/test/test-identity-provider.ts';
import type { TestUser } from '#api/test/test-users.ts';
import { useTwoInstances } from '#api/test/two-instances.ts';

// Sessions you can end (docs/identity.md, "Sessions"), on two app instances sharing one database as in
// production: a session signed out on one instance is refused by the other within a second, and its
// open live lists close.

const instances = useTwoInstances();
const { openItemStream, closeItemStreams } = itemStreamKit();

const laptop =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const phone =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

afterEach(async () => {
  await closeItemStreams();
});

type Answer = { status: number; body: { status: string; data?: unknown; code?: string; message?: string } };

async function call(
  origin: string,
  method: string,
  path: string,
  token: string,
  userAgent = laptop,
): Promise<Answer> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'user-agent': userAgent },
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A second sign-in of the same person: a session of its own (a second later, its own auth_time). */
async function signInAgain(person: TestUser, scope?: string, password = testPassword) {
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  return instances.identity.signIn(person.email, password, scope);
}

type Listed = { id: string; browser: string; operatingSystem: string; deviceType: string; current: boolean };
const listSessions = async (origin: string, token: string) =>
  ((await call(origin, 'GET', '/api/auth-user/sessions', token)).body.data as { sessions: Listed[] })
    .sessions;

/** Signs out the session `id` (on the first instance unless `origin`). */
const endSession = (id: string | undefined, token: string, origin = instances.firstOrigin) =>
  call(origin, 'DELETE', `/api/auth-user/sessions/${id}`, token);

/** Waits until `check` holds, and says how long it took; fails after `timeoutMs`. */
async function within(timeoutMs: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  while (!(await check())) {
    if (performance.now() - start > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - start;
}

const refusedAsSignedOut = (answer: Answer) =>
  answer.status === 401 && answer.body.code === 'auth/invalid-user-token';

describe('the list of sessions', () => {
  it('shows each sign-in with its browser, system and kind of device, the asking one first and marked', async () => {
    const person = await instances.newUser();
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token, laptop)).status).toBe(200);
    const onPhone = await signInAgain(person);
    expect(
      (await call(instances.secondOrigin, 'GET', '/api/items', onPhone.access_token, phone)).status,
    ).toBe(200);

    const sessions = await listSessions(instances.firstOrigin, onPhone.access_token);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      browser: 'Chrome',
      operatingSystem: 'Android',
      deviceType: 'mobile',
      current: true,
    });
    expect(sessions[1]).toMatchObject({
      browser: 'Safari',
      operatingSystem: 'macOS',
      deviceType: 'desktop',
      current: false,
    });
    // Another person sees none of them.
    const stranger = await instances.newUser();
    const theirs = await listSessions(instances.firstOrigin, stranger.token);
    expect(theirs.map((session) => session.id)).not.toContain(sessions[1]?.id);
  });
});

describe('signing out the other sessions', () => {
  it('refuses their tokens on every instance within a second, closes their live lists, and keeps this one', async () => {
    const person = await instances.newUser();
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
    const stream = await openItemStream(instances.secondOrigin, person);
    expect(await nextList(stream)).toEqual([]);
    // A sign-in the API has not seen yet is another session too.
    const unseen = await signInAgain(person);
    const current = await signInAgain(person);

    const started = performance.now();
    const ended = await call(
      instances.firstOrigin,
      'POST',
      '/api/auth-user/sessions/end-others',
      current.access_token,
    );
    expect(ended).toEqual({ status: 200, body: { status: 'success', data: { ended: 1 } } });
    const elsewhereMs = await within(1_000, async () =>
      refusedAsSignedOut(await call(instances.secondOrigin, 'GET', '/api/items', person.token)),
    );
    expect(elsewhereMs).toBeLessThan(1_000);
    const closed = await stream.next(1_000);
    expect(closed).toEqual({
      type: 'closed',
      data: '{"reason":"signed-out"}',
      id: undefined,
      retry: undefined,
    });
    await stream.ended();
    console.info(
      `sessions: signed out on the other instance ${Math.round(performance.now() - started)} ms after the request`,
    );

    const refused = await call(instances.firstOrigin, 'GET', '/api/user', person.token);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('This session was signed out. Sign in again to continue.');
    expect(
      refusedAsSignedOut(await call(instances.secondOrigin, 'GET', '/api/user', unseen.access_token)),
    ).toBe(true);
    expect((await call(instances.secondOrigin, 'GET', '/api/user', current.access_token)).status).toBe(200);
    expect(
      (await listSessions(instances.secondOrigin, current.access_token)).map((session) => session.current),
    ).toEqual([true]);

    // A sign-in after it is a new session, and stands.
    const later = await signInAgain(person);
    expect((await call(instances.secondOrigin, 'GET', '/api/user', later.access_token)).status).toBe(200);
  });

  it('revokes the refresh tokens of those sessions at the identity provider, not this one’s', async () => {
    const person = await instances.newUser();
    const other = await signInAgain(person, 'openid profile email offline_access');
    const current = await signInAgain(person, 'openid profile email offline_access');
    expect((await call(instances.firstOrigin, 'GET', '/api/user', other.access_token)).status).toBe(200);

    await call(instances.firstOrigin, 'POST', '/api/auth-user/sessions/end-others', current.access_token);
    const refused = await instances.identity.refresh(other.refresh_token as string);
    expect(refused).toEqual({
      status: 403,
      body: { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' },
    });
    const refreshed = await instances.identity.refresh(current.refresh_token as string);
    expect(refreshed.status).toBe(200);
    // The refreshed token is still this session's: the same sign-in, however often refreshed.
    expect(
      (await call(instances.secondOrigin, 'GET', '/api/user', refreshed.body.access_token as string)).status,
    ).toBe(200);
  });
});

/** Changes the password from the session of `token`, with the body's other fields (endOtherSessions). */
async function changePassword(token: string, fields: Record<string, unknown> = {}) {
  const response = await fetch(`${instances.firstOrigin}/api/auth-user`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ password: 'A-new-horse-42', ...fields }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('changing the password', () => {
  it('ends the other sessions by default: their tokens refused on every instance, their refresh tokens revoked, this one kept', async () => {
    const person = await instances.newUser();
    const other = await signInAgain(person, 'openid profile email offline_access');
    const current = await signInAgain(person, 'openid profile email offline_access');
    expect((await call(instances.secondOrigin, 'GET', '/api/user', other.access_token)).status).toBe(200);

    await changePassword(current.access_token);
    await within(1_000, async () =>
      refusedAsSignedOut(await call(instances.secondOrigin, 'GET', '/api/user', other.access_token)),
    );
    expect(refusedAsSignedOut(await call(instances.firstOrigin, 'GET', '/api/user', person.token))).toBe(
      true,
    );
    expect((await instances.identity.refresh(other.refresh_token as string)).status).toBe(403);
    expect((await call(instances.secondOrigin, 'GET', '/api/user', current.access_token)).status).toBe(200);
    expect((await instances.identity.refresh(current.refresh_token as string)).status).toBe(200);
  });

  it('keeps the other sessions when the person chooses to', async () => {
    const person = await instances.newUser();
    const other = await signInAgain(person, 'openid profile email offline_access');
    const current = await signInAgain(person);
    expect((await call(instances.firstOrigin, 'GET', '/api/user', other.access_token)).status).toBe(200);

    await changePassword(current.access_token, { endOtherSessions: false });
    expect((await call(instances.secondOrigin, 'GET', '/api/user', other.access_token)).status).toBe(200);
    expect((await instances.identity.refresh(other.refresh_token as string)).status).toBe(200);
  });

  it('ends every session from before a reset by the emailed link, once the new sign-in calls the API', async () => {
    const person = await instances.newUser();
    const before = await signInAgain(person);
    expect((await call(instances.secondOrigin, 'GET', '/api/user', before.access_token)).status).toBe(200);

    await instances.identity.resetPassword(person.email, 'A-reset-horse-77');
    const after = await signInAgain(person, undefined, 'A-reset-horse-77');
    expect((await call(instances.firstOrigin, 'GET', '/api/user', after.access_token)).status).toBe(200);
    await within(1_000, async () =>
      refusedAsSignedOut(await call(instances.secondOrigin, 'GET', '/api/user', before.access_token)),
    );
    expect(refusedAsSignedOut(await call(instances.firstOrigin, 'GET', '/api/user', person.token))).toBe(
      true,
    );
    // The new sign-in stays, and so does one made after it.
    expect((await call(instances.secondOrigin, 'GET', '/api/user', after.access_token)).status).toBe(200);
    const later = await signInAgain(person, undefined, 'A-reset-horse-77');
    expect((await call(instances.secondOrigin, 'GET', '/api/items', later.access_token)).status).toBe(200);
    expect((await call(instances.firstOrigin, 'GET', '/api/items', after.access_token)).status).toBe(200);
  });

  it('refuses an endOtherSessions that is not a boolean, and changes nothing', async () => {
    const person = await instances.newUser();
    const response = await fetch(`${instances.firstOrigin}/api/auth-user`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'A-new-horse-42', endOtherSessions: 'yes' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', code: 'validation_failed' });
    expect((await instances.identity.signIn(person.email, testPassword)).access_token).toBeTruthy();
  });
});

describe('signing out one session', () => {
  it('ends another session by its id, or this one, and nobody else’s', async () => {
    const person = await instances.newUser();
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
    const current = await signInAgain(person);
    const [mine, other] = await listSessions(instances.firstOrigin, current.access_token);
    expect(mine?.current).toBe(true);

    const stranger = await instances.newUser();
    const notTheirs = await endSession(other?.id, stranger.token);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toMatchObject({ status: 'error', code: 'auth/session-not-found' });
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
    const malformed = await endSession('not-an-id', current.access_token);
    expect(malformed.status).toBe(404);

    const ended = await endSession(other?.id, current.access_token);
    expect(ended).toEqual({ status: 200, body: { status: 'success', data: { ended: 1 } } });
    await within(1_000, async () =>
      refusedAsSignedOut(await call(instances.secondOrigin, 'GET', '/api/user', person.token)),
    );
    const again = await endSession(other?.id, current.access_token);
    expect(again.status).toBe(404);

    // "Sign out of this one".
    expect((await endSession(mine?.id, current.access_token, instances.secondOrigin)).status).toBe(200);
    expect(
      refusedAsSignedOut(await call(instances.firstOrigin, 'GET', '/api/user', current.access_token)),
    ).toBe(true);
    const [row] = await instances.first.db
      .select()
      .from(signInSessions)
      .where(eq(signInSessions.id, mine?.id as string));
    expect(row?.endedAt).toBeInstanceOf(Date);
  });

  it('is known to an instance that starts later (the endings are loaded at start)', async () => {
    const person = await instances.newUser();
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
    const current = await signInAgain(person);
    const other = (await listSessions(instances.firstOrigin, current.access_token)).find(
      (session) => !session.current,
    );
    await endSession(other?.id, current.access_token);

    const third = await startTestApp(instances.identity.appEnv, { database: instances.first.database });
    try {
      const thirdOrigin = await listenOnLoopback(third);
      expect(refusedAsSignedOut(await call(thirdOrigin, 'GET', '/api/user', person.token))).toBe(true);
      expect((await call(thirdOrigin, 'GET', '/api/user', current.access_token)).status).toBe(200);
    } finally {
      await third.close();
    }
  });
});

describe('signing out ("Sign out" in the browser)', () => {
  it('ends the session that asks at the API: refused on every instance, no longer listed, the others kept', async () => {
    const person = await instances.newUser();
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
    const other = await signInAgain(person);
    expect(await listSessions(instances.firstOrigin, other.access_token)).toHaveLength(2);

    const ended = await call(instances.firstOrigin, 'POST', '/api/auth-user/sessions/end-this', person.token);
    expect(ended).toEqual({ status: 200, body: { status: 'success', data: { ended: 1 } } });
    await within(1_000, async () =>
      refusedAsSignedOut(await call(instances.secondOrigin, 'GET', '/api/user', person.token)),
    );
    const listed = await listSessions(instances.secondOrigin, other.access_token);
    expect(listed.map((session) => session.current)).toEqual([true]);
  });

  it('ends a session whose first request is the sign-out itself', async () => {
    const person = await instances.newUser();
    const unseen = await signInAgain(person);
    const ended = await call(
      instances.secondOrigin,
      'POST',
      '/api/auth-user/sessions/end-this',
      unseen.access_token,
    );
    expect(ended.status).toBe(200);
    await within(1_000, async () =>
      refusedAsSignedOut(await call(instances.firstOrigin, 'GET', '/api/user', unseen.access_token)),
    );
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
  });
});

describe('a sign-in that is not recent', () => {
  it('may sign itself out, but not the others: that asks to sign in again first', async () => {
    const person = await instances.newUser();
    expect((await call(instances.firstOrigin, 'GET', '/api/user', person.token)).status).toBe(200);
    const old = await instances.identity.signedInLongAgo(person.uid);
    const sessions = await listSessions(instances.firstOrigin, old);
    const others = await call(instances.firstOrigin, 'POST', '/api/auth-user/sessions/end-others', old);
    expect(others.status).toBe(401);
    expect(others.body).toMatchObject({ code: 'auth/requires-recent-login' });
    const other = sessions.find((session) => !session.current);
    const one = await endSession(other?.id, old);
    expect(one.body).toMatchObject({ code: 'auth/requires-recent-login' });
    // Nothing ended.
    expect((await call(instances.secondOrigin, 'GET', '/api/user', person.token)).status).toBe(200);

    const own = sessions.find((session) => session.current);
    expect((await endSession(own?.id, old)).status).toBe(200);
    expect(refusedAsSignedOut(await call(instances.firstOrigin, 'GET', '/api/user', old))).toBe(true);
  });
});
