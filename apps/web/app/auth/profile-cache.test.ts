import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from './auth-error.ts';
import {
  cacheProfile,
  clearCachedProfile,
  profileForToken,
  profileFromIdToken,
  profileMaxAgeMs,
  readCachedProfile,
  unverifiedProfileMaxAgeMs,
} from './profile-cache.ts';
import { jwt, stubStorage } from './session-test-support.ts';
import { profileKey } from './stored-session.ts';

const alice = { sub: 'auth0|alice', name: 'Alice', email: 'alice@example.com', email_verified: true };
const token = jwt({ sub: alice.sub });
const now = 1_800_000_000_000;

let storage: Map<string, string>;
beforeEach(() => {
  storage = stubStorage();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the kept profile', () => {
  it('is fresh for an hour after it was read, for its own subject only', () => {
    cacheProfile(alice, now);
    expect(readCachedProfile(alice.sub, now + profileMaxAgeMs - 1)).toEqual({
      profile: alice,
      isFresh: true,
    });
    expect(readCachedProfile(alice.sub, now + profileMaxAgeMs)?.isFresh).toBe(false);
    expect(readCachedProfile('auth0|bob', now)).toBeNull();
  });

  it('is fresh for a minute only while the address is unverified (the link may be opened anywhere)', () => {
    cacheProfile({ ...alice, email_verified: false }, now);
    expect(readCachedProfile(alice.sub, now + unverifiedProfileMaxAgeMs - 1)?.isFresh).toBe(true);
    expect(readCachedProfile(alice.sub, now + unverifiedProfileMaxAgeMs)?.isFresh).toBe(false);
  });

  it('read in the future (a clock set back) is not fresh', () => {
    cacheProfile(alice, now);
    expect(readCachedProfile(alice.sub, now - 1)?.isFresh).toBe(false);
  });

  it('is gone after sign-out, and unreadable storage counts as none', () => {
    cacheProfile(alice, now);
    clearCachedProfile();
    expect(storage.has(profileKey)).toBe(false);
    storage.set(profileKey, '{not json');
    expect(readCachedProfile(alice.sub, now)).toBeNull();
  });
});

describe('the profile in an ID token', () => {
  it('gives the standard claims of the token’s subject, and nothing else', () => {
    const idToken = jwt({ ...alice, picture: 'https://example.com/a.png', aud: 'client', nonce: 'n' });
    expect(profileFromIdToken(idToken, alice.sub)).toEqual({
      ...alice,
      picture: 'https://example.com/a.png',
    });
  });

  it('of another subject, unreadable or missing: none', () => {
    expect(profileFromIdToken(jwt(alice), 'auth0|bob')).toBeNull();
    expect(profileFromIdToken('not-a-jwt', alice.sub)).toBeNull();
    expect(profileFromIdToken(null, alice.sub)).toBeNull();
    expect(profileFromIdToken(jwt(alice), null)).toBeNull();
  });
});

describe('the profile for a token', () => {
  let fetchProfile = vi.fn<(token: string) => Promise<object>>();
  beforeEach(() => {
    fetchProfile = vi.fn<(token: string) => Promise<object>>();
  });

  it('fresh: the kept one, without asking /userinfo', async () => {
    cacheProfile(alice, now);
    expect(await profileForToken(token, fetchProfile, { now: () => now + 1000 })).toEqual(alice);
    expect(fetchProfile).not.toHaveBeenCalled();
  });

  it('missing: asks /userinfo once and keeps the answer with the time it was read', async () => {
    fetchProfile.mockResolvedValue({ ...alice, nickname: 'al', updated_at: 'x' });
    expect(await profileForToken(token, fetchProfile, { now: () => now })).toEqual(alice);
    expect(fetchProfile).toHaveBeenCalledWith(token);
    expect(readCachedProfile(alice.sub, now)).toEqual({ profile: alice, isFresh: true });
  });

  it('stale: asks /userinfo and keeps the new answer', async () => {
    cacheProfile(alice, now);
    fetchProfile.mockResolvedValue({ ...alice, name: 'Alice B.' });
    const later = now + profileMaxAgeMs + 1;
    expect(await profileForToken(token, fetchProfile, { now: () => later })).toMatchObject({
      name: 'Alice B.',
    });
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    expect(readCachedProfile(alice.sub, later)?.profile.name).toBe('Alice B.');
  });

  it('kept for another subject: asks /userinfo', async () => {
    cacheProfile({ ...alice, sub: 'auth0|bob' }, now);
    fetchProfile.mockResolvedValue(alice);
    expect(await profileForToken(token, fetchProfile, { now: () => now })).toEqual(alice);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
  });

  it('reread: asks /userinfo even when the kept one is fresh', async () => {
    cacheProfile({ ...alice, email_verified: false }, now);
    fetchProfile.mockResolvedValue(alice);
    const profile = await profileForToken(token, fetchProfile, { reread: true, now: () => now });
    expect(profile.email_verified).toBe(true);
    expect(readCachedProfile(alice.sub, now)?.profile.email_verified).toBe(true);
  });

  it('rate-limited (429): the stale kept profile of the same subject rather than a wait', async () => {
    cacheProfile(alice, now);
    fetchProfile.mockImplementation(async () => {
      throw new AuthError('too_many_requests', 'Too Many Requests', 429);
    });
    const later = now + profileMaxAgeMs + 1;
    expect(await profileForToken(token, fetchProfile, { now: () => later })).toEqual(alice);
  });

  it('rate-limited with nothing kept, or refused (401): the error', async () => {
    fetchProfile.mockImplementation(async () => {
      throw new AuthError('too_many_requests', 'Too Many Requests', 429);
    });
    await expect(profileForToken(token, fetchProfile, { now: () => now })).rejects.toMatchObject({
      status: 429,
    });
    cacheProfile(alice, now);
    fetchProfile.mockImplementation(async () => {
      throw new AuthError('invalid_token', 'Unauthorized', 401);
    });
    await expect(
      profileForToken(token, fetchProfile, { reread: true, now: () => now }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('a /userinfo answer for another subject than the token’s is refused, and not kept', async () => {
    fetchProfile.mockResolvedValue({ ...alice, sub: 'auth0|mallory' });
    await expect(profileForToken(token, fetchProfile, { now: () => now })).rejects.toMatchObject({
      code: 'user_mismatch',
    });
    expect(storage.has(profileKey)).toBe(false);
  });
});
