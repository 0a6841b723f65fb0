import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '#web/lib/api.ts';
import { callbackPath } from './auth-paths.ts';
import { requestRestoreEarly } from './early-restore.ts';
import { getProfile } from './identity-client.ts';
import { loadUser } from './load-user.ts';
import { cacheProfile, profileMaxAgeMs } from './profile-cache.ts';
import { jwt, stubStorage } from './session-test-support.ts';
import { tokenKey, writeStorage } from './stored-session.ts';

vi.mock('#web/lib/api.ts', () => ({ ApiError: class extends Error {}, apiRequest: vi.fn() }));
vi.mock('./identity-client.ts', () => ({ getProfile: vi.fn() }));

const alice = { sub: 'auth0|alice', name: 'Alice', email: 'alice@example.com', email_verified: true };
const token = jwt({ sub: alice.sub });
const documentOf = (uid: string) => ({
  uid,
  email: 'alice@example.com',
  name: null,
  picture: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  stripePriceId: null,
  stripeSubscriptionStatus: null,
  quantity: 1,
  trialEnd: null,
  currentPeriodEnd: null,
  nextPaymentAttempt: null,
  planId: null,
  planIsActive: false,
  planInForce: false,
});

beforeEach(() => {
  stubStorage();
  vi.mocked(apiRequest).mockReset().mockResolvedValue(documentOf(alice.sub));
  vi.mocked(getProfile).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('restoring the signed-in user (the kept profile and GET /api/user)', () => {
  it('with a fresh kept profile: the user from it and the document, no /userinfo', async () => {
    cacheProfile(alice);
    const user = await loadUser(token);
    expect(getProfile).not.toHaveBeenCalled();
    expect(apiRequest).toHaveBeenCalledWith('user', { token });
    expect(user).toMatchObject({ uid: alice.sub, name: 'Alice', email: alice.email, emailVerified: true });
  });

  it('with no profile kept: /userinfo once, then none on the next load', async () => {
    vi.mocked(getProfile).mockResolvedValue(alice as never);
    await loadUser(token);
    await loadUser(token);
    expect(getProfile).toHaveBeenCalledTimes(1);
  });

  it('with a stale kept profile: /userinfo', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    cacheProfile(alice);
    vi.setSystemTime(Date.now() + profileMaxAgeMs + 1);
    vi.mocked(getProfile).mockResolvedValue({ ...alice, email_verified: false } as never);
    expect((await loadUser(token)).emailVerified).toBe(false);
    expect(getProfile).toHaveBeenCalledTimes(1);
  });

  it('refuses a user document of another subject than the token’s (user_mismatch)', async () => {
    cacheProfile(alice);
    vi.mocked(apiRequest).mockResolvedValue(documentOf('auth0|mallory'));
    await expect(loadUser(token)).rejects.toMatchObject({ code: 'user_mismatch' });
  });

  it('refuses a /userinfo profile of another subject than the token’s (user_mismatch)', async () => {
    vi.mocked(getProfile).mockResolvedValue({ ...alice, sub: 'auth0|mallory' } as never);
    await expect(loadUser(token)).rejects.toMatchObject({ code: 'user_mismatch' });
    expect(apiRequest).not.toHaveBeenCalled();
  });

  it('takes the document asked for before hydration, once, and only for the token it was asked with', async () => {
    cacheProfile(alice);
    Object.assign(window, { location: { pathname: '/dashboard' } });
    writeStorage(tokenKey, token);
    vi.mocked(apiRequest).mockResolvedValueOnce({ ...documentOf(alice.sub), name: 'Early' });
    requestRestoreEarly();
    expect(apiRequest).toHaveBeenCalledTimes(1);
    expect((await loadUser(token)).name).toBe('Early');
    expect((await loadUser(token)).name).toBe('Alice');
    expect(apiRequest).toHaveBeenCalledTimes(2);

    requestRestoreEarly();
    const renewed = jwt({ sub: alice.sub, iat: 2 });
    await loadUser(renewed);
    expect(apiRequest).toHaveBeenLastCalledWith('user', { token: renewed });
  });

  it('asks nothing early without a stored token, or on the sign-in popup’s callback page', () => {
    Object.assign(window, { location: { pathname: '/dashboard' } });
    requestRestoreEarly();
    writeStorage(tokenKey, token);
    Object.assign(window, { location: { pathname: callbackPath } });
    requestRestoreEarly();
    expect(apiRequest).not.toHaveBeenCalled();
  });
});
