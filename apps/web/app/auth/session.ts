import type { AuthUserChangeRequest, UserDocument, VerificationEmailSent } from '@launchkit/api-contract';
import { sessionRefusedCodes } from '@launchkit/api-contract/error-codes';
import { identifyUser } from '#web/lib/analytics.ts';
import { ApiError, apiRequest, registerSessionHooks } from '#web/lib/api.ts';
import { AuthError, toAuthError } from './auth-error.ts';
import * as identity from './identity-client.ts';
import { type AuthUser, loadUser } from './load-user.ts';
import * as passkeys from './passkeys.ts';
import { cacheProfile, clearCachedProfile, profileFromIdToken, subjectOf } from './profile-cache.ts';
import type { SocialProvider } from './providers.ts';
import { readRenewalState, writeRenewalState } from './refresh-token-store.ts';
import { readStorage, tokenKey, userIdKey, writeStorage } from './stored-session.ts';
import { expiresSoon, renewAccessToken, revokeRefreshToken } from './token-renewal.ts';

export type { AuthUser } from './load-user.ts';

// The auth state of docs/product.md §3–§4, kept outside React so the API helper, other tabs and every
// component see one session: `null` while unknown, `false` when signed out, the merged user when signed
// in. Loaded on demand by auth-context.tsx (a stored token, an auth operation), not in the first view.
// A page load restores the session from the kept profile and GET /api/user (load-user.ts), without
// the provider's rate-limited /userinfo while the kept profile is fresh (profile-cache.ts).

export type AuthState = AuthUser | false | null;

let state: AuthState = null;
const listeners = new Set<(state: AuthState) => void>();
let hasStarted = false;
let isLeaving = false;
// Each check of a token takes a number; an answer that arrives after a newer check started (another
// sign-in, a sign-out, a change in another tab) is dropped.
let checkNumber = 0;

function setState(next: AuthState) {
  state = next;
  for (const listener of listeners) listener(next);
}

/** A 401 from the provider's profile endpoint, or the API's own verdict on the token. */
const isRefusedToken = (error: unknown) =>
  (error instanceof AuthError && error.status === 401) ||
  ((error instanceof AuthError || error instanceof ApiError) && sessionRefusedCodes.has(error.code));

/** The provider's profile endpoint is rate-limited (Auth0 answers 429 past ~10 reloads a minute). */
const isRateLimited = (error: unknown) => error instanceof AuthError && error.status === 429;
const restoreRetryDelaysMs = [1_000, 3_000, 10_000];

/** Signs out in this browser only: the tokens, uid and kept profile are forgotten and listeners hear `false`. */
function signOutLocally() {
  checkNumber++;
  void writeRenewalState(null);
  writeStorage(tokenKey, null);
  writeStorage(userIdKey, null);
  clearCachedProfile();
  setState(false);
}

/**
 * §8: the API refused the session's token (`auth/invalid-user-token`) and it could not be renewed, so
 * the session signs out. The API client (lib/api.ts) calls it for every call, the item stream
 * included; a refusal of a token the session no longer holds (renewed meanwhile) changes nothing.
 */
function endRefusedSession(refusedToken: string) {
  if (readStorage(tokenKey) === refusedToken) signOutLocally();
}

/** A token renewed from the sign-in's refresh token, or null when the sign-in is over. */
async function renew(stale: string): Promise<string | null> {
  return (await renewAccessToken(stale)).token;
}

/** The session's token for the next API call: renewed first when it is about to expire. */
async function currentToken(): Promise<string | null> {
  const token = readStorage(tokenKey);
  if (!token || !expiresSoon(token)) return token;
  try {
    return (await renew(token)) ?? token;
  } catch {
    return token; // the provider is unreachable: the API decides whether the token still holds
  }
}

/**
 * Ends `token`'s session at the API: Settings → Security lists it no more, and a copy of the token
 * kept anywhere stops working, on every instance.
 */
const endAtApi = (token: string, signal?: AbortSignal) =>
  apiRequest('auth-user/sessions/end-this', { method: 'POST', token, signal });

/**
 * A new sign-in replaced `previous` in this browser (a re-authentication, or another account): the
 * old sign-in ends at the API and its refresh token at the provider. Nothing waits for it, and a
 * failure leaves only a session that expires on its own.
 */
function retire(previous: { token: string; refreshToken: string | null }) {
  void endAtApi(previous.token).catch(() => {});
  if (previous.refreshToken) void revokeRefreshToken(previous.refreshToken).catch(() => {});
}

type AdoptOptions = {
  isNewSignIn: boolean;
  refreshToken?: string | null;
  /** The sign-in's ID token: its profile claims are kept, so the first load asks no /userinfo. */
  idToken?: string | null;
  willRetry?: boolean;
  /** Asks the provider for the profile even when a fresh one is kept (load-user.ts). */
  rereadProfile?: boolean;
};

/**
 * Loads the user of `token` and makes them the session's. A new sign-in that fails leaves the
 * visitor signed out; re-reading an existing session only signs out when the token is refused
 * (another failure, such as the provider being unreachable, keeps what is known).
 */
async function adopt(
  token: string,
  { isNewSignIn, refreshToken = null, idToken = null, willRetry = false, rereadProfile }: AdoptOptions,
): Promise<AuthUser> {
  const number = ++checkNumber;
  const signInProfile = profileFromIdToken(idToken, subjectOf(token));
  if (signInProfile) cacheProfile(signInProfile);
  if (isNewSignIn) {
    const previousToken = readStorage(tokenKey);
    const previousRenewal = await readRenewalState();
    // Kept before the access token, which other tabs hear of: they find the pair complete.
    await writeRenewalState(refreshToken ? { refreshToken, accessToken: token } : null);
    writeStorage(tokenKey, token);
    if (previousToken && previousToken !== token) {
      const stillPaired = previousRenewal?.accessToken === previousToken;
      retire({ token: previousToken, refreshToken: stillPaired ? previousRenewal.refreshToken : null });
    }
  }
  try {
    const user = await loadUser(token, { rereadProfile });
    if (number === checkNumber) {
      writeStorage(userIdKey, JSON.stringify(user.uid));
      setState(user);
      void identifyUser(user.uid);
    }
    return user;
  } catch (error) {
    if (number === checkNumber) {
      // A stored token that is refused may still be renewed: adoptStored decides.
      if (isNewSignIn) signOutLocally();
      else if (state === null && !willRetry && !isRefusedToken(error)) setState(false);
    }
    throw toAuthError(error);
  }
}

/**
 * The session's stored token read again (start-up, another tab's change, a change made here): a
 * refused one (expired) is renewed from the sign-in's refresh token and the renewed one read; when
 * it cannot be, the session signs out.
 */
async function adoptStored(
  token: string,
  options: Pick<AdoptOptions, 'willRetry' | 'rereadProfile'> = {},
): Promise<AuthUser> {
  try {
    return await adopt(token, { isNewSignIn: false, ...options });
  } catch (error) {
    if (!isRefusedToken(error)) throw error;
    const renewed = await renew(token).catch(() => null);
    if (renewed && renewed !== token) {
      return adopt(renewed, { isNewSignIn: false, rereadProfile: options.rereadProfile });
    }
    endRefusedSession(token);
    throw error;
  }
}

/** A new sign-in's tokens become the session's. */
const adoptSignIn = (tokens: identity.SignInTokens) =>
  adopt(tokens.accessToken, {
    isNewSignIn: true,
    refreshToken: tokens.refreshToken,
    idToken: tokens.idToken,
  });

/**
 * §4: a stored token (at start-up, or written by another tab) is checked by the API (GET /api/user),
 * and by a profile fetch when no fresh profile is kept; a 401 there, or the API refusing the token,
 * signs out. Without a token the visitor is signed out. A rate-limited profile fetch with no profile
 * kept is tried again a few times (the spinner stays) before the session is shown as signed out: the
 * token is fine, the provider only asks to slow down.
 */
async function checkStoredToken(attempt = 0) {
  const token = readStorage(tokenKey);
  if (!token) {
    checkNumber++;
    setState(false);
    return;
  }
  const retryDelayMs = restoreRetryDelaysMs[attempt];
  const willRetry = retryDelayMs !== undefined && state === null;
  await adoptStored(token, { willRetry }).catch((error: unknown) => {
    if (isRefusedToken(error)) return;
    if (willRetry && isRateLimited(error)) {
      setTimeout(() => void checkStoredToken(attempt + 1), retryDelayMs);
      return;
    }
    if (willRetry && state === null) setState(false);
    console.warn('Could not restore the session:', error);
  });
}

/** Starts the session once: reads the stored token and follows changes made in other tabs. */
export function startSession() {
  if (hasStarted) return;
  hasStarted = true;
  registerSessionHooks({ token: currentToken, renew, signOut: endRefusedSession });
  window.addEventListener('storage', (event) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.key === tokenKey || event.key === null) void checkStoredToken();
  });
  void checkStoredToken();
}

export function currentAuthState(): AuthState {
  return state;
}

export function subscribe(listener: (state: AuthState) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True from an explicit sign-out until the page leaves for the provider's logout: guards wait instead of redirecting. */
export function isSigningOut(): boolean {
  return isLeaving;
}

export async function signin(email: string, password: string): Promise<AuthUser> {
  return adoptSignIn(await identity.signin(email, password));
}

export async function signup(email: string, password: string): Promise<AuthUser> {
  return adoptSignIn(await identity.signup(email, password));
}

export async function signinWithPasskey(options: { autofill?: boolean } = {}): Promise<AuthUser> {
  return adoptSignIn(await passkeys.signInWithPasskey(options));
}

/**
 * Proves again who the signed-in person is with one of their passkeys (the re-authentication dialog):
 * a passkey of another account is refused, so the session never changes hands here.
 */
export async function reauthenticateWithPasskey(): Promise<AuthUser> {
  return adoptSignIn(await passkeys.signInWithPasskey({ expectedUid: state ? state.uid : '' }));
}

export async function signupWithPasskey(email: string): Promise<AuthUser> {
  return adoptSignIn(await passkeys.signUpWithPasskey(email));
}

export { addPasskey, myAccountTokenWithPassword } from './passkeys.ts';

/** A My Account API token from one of the signed-in person's passkeys. */
export const myAccountTokenWithPasskey = () => passkeys.myAccountTokenWithPasskey(state ? state.uid : '');

export const cancelPasskeyAutofill = async () => passkeys.cancelPasskeyAutofill();

export async function signinWithProvider(provider: SocialProvider): Promise<AuthUser> {
  return adoptSignIn(await identity.signinWithProvider(provider));
}

/**
 * Reads the user document again, for a change made elsewhere: the payment provider's webhook writes
 * the plan a moment after checkout or the billing portal. `rereadProfile` asks the provider for the
 * profile too (the person says they opened the verification link): a kept one would not know yet.
 */
export function refreshUser({ rereadProfile = false } = {}): Promise<AuthUser> {
  return adoptStored(requireToken(), { rereadProfile });
}

/** Finishes a sign-in whose second factor passed (second-factor.ts): its tokens become the session's. */
export async function completeSignIn(tokens: identity.SignInTokens): Promise<AuthUser> {
  return adoptSignIn(tokens);
}

export {
  beginAuthenticatorAppSetup,
  confirmAuthenticatorApp,
  removeSecondFactors,
  verifySecondFactor,
} from './second-factor.ts';

export const sendPasswordResetEmail = (email: string) => identity.sendPasswordResetEmail(email);

export const confirmPasswordReset = () => identity.confirmPasswordReset();

/** The signed-in user's token; calls that change the account need one. */
function requireToken(): string {
  const token = readStorage(tokenKey);
  if (!token) throw new AuthError('auth/no-current-user', 'Please sign in first.');
  return token;
}

/**
 * One change of the provider's user and the user document (§7: PATCH auth-user), then both are read
 * again, the profile from the provider too, so the merged user and the kept profile show the change
 * (an email change also resets emailVerified).
 */
async function changeAuthUser(body: AuthUserChangeRequest): Promise<AuthUser> {
  requireToken();
  await apiRequest<UserDocument>('auth-user', { method: 'PATCH', body });
  return adoptStored(requireToken(), { rereadProfile: true });
}

/** Has the identity provider mail a new link that verifies the email address. */
export function sendVerificationEmail(): Promise<VerificationEmailSent> {
  requireToken();
  return apiRequest<VerificationEmailSent>('auth-user/verification-email', { method: 'POST' });
}

export function updateProfile(profile: { name?: string; picture?: string }): Promise<AuthUser> {
  const body: { name?: string; picture?: string } = {};
  if (profile.name !== undefined) body.name = profile.name;
  if (profile.picture !== undefined) body.picture = profile.picture;
  return changeAuthUser(body);
}

export const updateEmail = (email: string) => changeAuthUser({ email });

/**
 * A new password; the person's other sessions end with it (the API's default) unless
 * `endOtherSessions` is false.
 */
export const updatePassword = (password: string, endOtherSessions = true) =>
  changeAuthUser({ password, endOtherSessions });

/**
 * After "Delete my account": forgets the session here and tells listeners, without the provider's
 * logout page: the provider's session ends with its user, which the API deletes, and the app stays on
 * the page it went to (the home page's notice).
 */
export async function endDeletedSession(): Promise<void> {
  const renewal = await readRenewalState();
  signOutLocally();
  if (renewal) void revokeRefreshToken(renewal.refreshToken).catch(() => {});
}

/**
 * §4: forgets the session here, tells listeners, then leaves for the provider's logout so its
 * session (the one a popup would reuse) ends too; it returns to the site root.
 */
export async function signout(): Promise<void> {
  isLeaving = true;
  const renewal = await readRenewalState();
  const token = readStorage(tokenKey);
  signOutLocally();
  // The sign-in's refresh token ends with it (the provider's logout below does not end it), without
  // holding the sign-out up.
  if (renewal) void revokeRefreshToken(renewal.refreshToken).catch(() => {});
  // The session ends at the API before the page leaves, which would cut the request off; an API that
  // does not answer holds the sign-out up two seconds at most.
  if (token) await endAtApi(token, AbortSignal.timeout(2_000)).catch(() => {});
  try {
    await identity.logout();
  } catch {
    window.location.assign('/');
  }
}
