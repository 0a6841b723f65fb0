import { AuthError } from './auth-error.ts';
import { loadIdentity } from './identity-client.ts';
import { cacheProfile, profileFromIdToken, subjectOf } from './profile-cache.ts';
import { accessTokenOf, providerUrl, tokenRequest } from './provider-request.ts';
import { readRenewalState, writeRenewalState } from './refresh-token-store.ts';
import { readStorage, tokenKey, writeStorage } from './stored-session.ts';
import { tokenClaim } from './token-claims.ts';

// A new access token from the sign-in's refresh token, when the one held is about to expire or the API
// refused it. Auth0 rotates the web client's refresh tokens and ends the whole sign-in when a spent one
// comes back (reuse detection), so every tab of the browser must use each refresh token once: the
// renewal runs under a lock all the tabs share (Web Locks), and a tab that waited for it finds the
// token another tab renewed (refresh-token-store.ts) and takes that one.

const lockName = 'launchkit-token-renewal';
// Renewed this long before it expires: a token must not expire between the check and the API's.
const renewBeforeExpirySeconds = 60;

/** Whether the token expires soon (or its expiry cannot be read). */
export function expiresSoon(token: string): boolean {
  const expiry = tokenClaim(token, 'exp');
  return typeof expiry !== 'number' || expiry - renewBeforeExpirySeconds <= Date.now() / 1000;
}

export type Renewal =
  /** A token to use: renewed here, or by another tab or call meanwhile. */
  | { token: string }
  /** The sign-in is over: no refresh token, or the provider refused it (revoked, reused, expired). */
  | { token: null };

async function renewUnderLock(stale: string): Promise<Renewal> {
  const state = await readRenewalState();
  if (!state) {
    const stored = readStorage(tokenKey);
    return { token: stored && stored !== stale ? stored : null };
  }
  // Another tab renewed since this one read its token: that renewal's token is the one to use.
  if (state.accessToken !== stale) {
    writeStorage(tokenKey, state.accessToken);
    return { token: state.accessToken };
  }
  let answer: Record<string, unknown>;
  try {
    answer = await tokenRequest({ grant_type: 'refresh_token', refresh_token: state.refreshToken });
  } catch (error) {
    // A refusal ends the sign-in; the provider being unreachable does not, the next call tries again.
    if (
      error instanceof AuthError &&
      (error.status === 400 || error.status === 401 || error.status === 403)
    ) {
      await writeRenewalState(null);
      return { token: null };
    }
    throw error;
  }
  const token = accessTokenOf(answer);
  // The renewal's ID token carries the profile as the provider has it now: kept, fresh again.
  const profile = profileFromIdToken(
    typeof answer.id_token === 'string' ? answer.id_token : null,
    subjectOf(token),
  );
  if (profile) cacheProfile(profile);
  const refreshToken = typeof answer.refresh_token === 'string' ? answer.refresh_token : state.refreshToken;
  // Committed before the lock goes: the next tab to take it reads this.
  await writeRenewalState({ refreshToken, accessToken: token });
  writeStorage(tokenKey, token);
  return { token };
}

/**
 * Renews `stale` (the token the caller holds): once across the browser's tabs. Without Web Locks (an
 * old browser) the tab renews alone; two tabs at the same moment may then end the sign-in.
 */
export function renewAccessToken(stale: string): Promise<Renewal> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return renewUnderLock(stale);
  return locks.request(lockName, () => renewUnderLock(stale));
}

/**
 * Tells the provider a refresh token is no longer needed (sign-out, a new sign-in): its family ends.
 * `keepalive`: the request outlives the page, which a sign-out leaves at once.
 */
export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  const { config } = await loadIdentity();
  await fetch(providerUrl(config.domain, 'oauth/revoke'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: config.clientId, token: refreshToken }),
    keepalive: true,
  });
}
