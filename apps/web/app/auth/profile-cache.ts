import { AuthError } from './auth-error.ts';
import { profileKey, readStorage, writeStorage } from './stored-session.ts';
import { tokenClaim, tokenPayload } from './token-claims.ts';

// The provider's profile of the signed-in person (name, email, whether it is verified, picture), kept
// in local storage with the time it was read, so that a page load does not ask the provider's
// /userinfo: Auth0 allows each user 5 calls a minute after a burst of 10, and past that a reload
// waited on a spinner (docs/decisions/0045-profile-from-token-and-api.md). A sign-in and a renewal
// bring the profile in their ID token; /userinfo is asked only when none is kept for the token's
// subject, or the kept one is stale.

/** The standard claims of the `profile` and `email` scopes the app uses, as in ID tokens and /userinfo. */
export type ProfileClaims = {
  sub: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
};

type KeptProfile = { profile: ProfileClaims; readAt: number };

/**
 * How long a kept profile stands for the provider's. It can change outside this browser (a name
 * changed in another browser, an administrator at the provider): an hour bounds how long a page
 * shows the old one, at one /userinfo call an hour, far below the limit. Shorter than the access
 * token (24 h) and the ID token (10 h), whose claims would otherwise stand for as long.
 */
export const profileMaxAgeMs = 60 * 60 * 1000;
/**
 * An unverified address is proven by a link opened in a mail, anywhere: read again after a minute,
 * so a page loaded after the link shows it verified (one call a minute stays within the limit).
 */
export const unverifiedProfileMaxAgeMs = 60 * 1000;

/** The subject (`sub`) of an access token, read without checking it (the API checks the token). */
export function subjectOf(token: string): string | null {
  const subject = tokenClaim(token, 'sub');
  return typeof subject === 'string' && subject ? subject : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The profile claims of a provider's answer (an ID token's payload, /userinfo), or null without a subject. */
export function profileClaimsOf(answer: object): ProfileClaims | null {
  const source = answer as Record<string, unknown>;
  const sub = text(source.sub);
  if (!sub) return null;
  const claims: ProfileClaims = { sub };
  const name = text(source.name);
  const email = text(source.email);
  const picture = text(source.picture);
  if (name !== undefined) claims.name = name;
  if (email !== undefined) claims.email = email;
  if (typeof source.email_verified === 'boolean') claims.email_verified = source.email_verified;
  if (picture !== undefined) claims.picture = picture;
  return claims;
}

/**
 * The profile in an ID token, when it is `subject`'s. The token came straight from the provider's
 * token endpoint over TLS, in answer to this browser's own request: OIDC Core 3.1.3.7 lets that
 * stand for checking its signature. The API never trusts it: it reads the access token it verifies.
 */
export function profileFromIdToken(idToken: string | null | undefined, subject: string | null) {
  if (!idToken || !subject) return null;
  const payload = tokenPayload(idToken);
  const claims = payload && profileClaimsOf(payload);
  return claims?.sub === subject ? claims : null;
}

function readKept(): KeptProfile | null {
  try {
    const kept = JSON.parse(readStorage(profileKey) ?? 'null') as KeptProfile | null;
    if (!kept || typeof kept.readAt !== 'number' || typeof kept.profile?.sub !== 'string') return null;
    return kept;
  } catch {
    return null;
  }
}

/** `subject`'s kept profile and whether it is still fresh; null when none is kept for them. */
export function readCachedProfile(
  subject: string,
  now = Date.now(),
): { profile: ProfileClaims; isFresh: boolean } | null {
  const kept = readKept();
  if (!kept || kept.profile.sub !== subject) return null;
  const maxAge = kept.profile.email_verified === false ? unverifiedProfileMaxAgeMs : profileMaxAgeMs;
  const age = now - kept.readAt;
  return { profile: kept.profile, isFresh: age >= 0 && age < maxAge };
}

/** Keeps `profile` as read at `now` (one person's: a new subject replaces the last). */
export function cacheProfile(profile: ProfileClaims, now = Date.now()): void {
  writeStorage(profileKey, JSON.stringify({ profile, readAt: now } satisfies KeptProfile));
}

/** Sign-out: the next person on this browser finds nothing of the last one's. */
export function clearCachedProfile(): void {
  writeStorage(profileKey, null);
}

const isRateLimited = (error: unknown) => error instanceof AuthError && error.status === 429;

/**
 * The profile for `token`: the kept one while fresh, else the provider's (`fetchProfile`, /userinfo),
 * which is then kept. `reread` asks the provider whatever is kept (the person says the address is
 * verified now; a change was just made). A provider that asks to slow down (429) gets the kept
 * profile of the same subject, stale or not, rather than a page waiting on it. A profile of another
 * subject than the token's is refused.
 */
export async function profileForToken(
  token: string,
  fetchProfile: (token: string) => Promise<object>,
  { reread = false, now = Date.now } = {},
): Promise<ProfileClaims> {
  const subject = subjectOf(token);
  const kept = subject ? readCachedProfile(subject, now()) : null;
  if (kept?.isFresh && !reread) return kept.profile;
  let fetched: ProfileClaims | null;
  try {
    fetched = profileClaimsOf(await fetchProfile(token));
  } catch (error) {
    if (kept && isRateLimited(error)) return kept.profile;
    throw error;
  }
  if (!fetched)
    throw new AuthError('bad_response', 'The identity provider sent a profile without a subject.');
  requireSameSubject(fetched.sub, subject ?? fetched.sub);
  cacheProfile(fetched, now());
  return fetched;
}

/** §3: data of another account than the token's never counts as the signed-in person's. */
export function requireSameSubject(found: string, subject: string): void {
  if (found !== subject) {
    throw new AuthError('user_mismatch', 'The user data belongs to another account. Please sign in again.');
  }
}
