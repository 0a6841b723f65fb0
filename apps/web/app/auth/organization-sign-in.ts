import { AuthError } from './auth-error.ts';
import { callbackPath } from './auth-paths.ts';
import { loadIdentity, type SignInTokens } from './identity-client.ts';

// Signing in through a workspace's organization (single sign-on, docs/sso.md, decision 0055): the
// browser goes to the provider's /authorize with `organization`, the connection, `response_type=code`
// and a PKCE challenge (auth0-js `authorize` passes these through its parameter list unchanged), and
// comes back to /auth0-callback (the one callback address the tenant allows) with a code, which it exchanges at /oauth/token with the verifier
// (auth0-js `client.oauthToken`, which sends `code_verifier`). The same calls work against a real
// tenant: nothing here knows the emulator.

/** What the sign-in is for: the person's session, or the owner's "Test connection" in Settings. */
export type OrganizationSignInPurpose = 'sign-in' | 'test';

type PendingSignIn = { verifier: string; purpose: OrganizationSignInPurpose; next: string };

const storageKey = (state: string) => `launchkit.sso.${state}`;

/** Whether the callback's address is the end of an organization's sign-in this tab started (not the popup's). */
export const isOrganizationCallback = (search: URLSearchParams) => {
  const state = search.get('state');
  return state !== null && sessionStorage.getItem(storageKey(state)) !== null;
};
const scope = 'openid profile email offline_access';

const base64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const randomString = (size: number) => base64Url(crypto.getRandomValues(new Uint8Array(size)));

/** RFC 7636 §4.2: the S256 challenge of a verifier. */
async function challengeOf(verifier: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/**
 * Leaves for the provider's sign-in of the organization. The verifier stays in this tab's session
 * storage under the `state` it goes with: only the tab that started the sign-in can finish it.
 */
export async function startOrganizationSignIn(target: {
  organization: string;
  connection: string | null;
  email?: string;
  purpose: OrganizationSignInPurpose;
  next: string;
}): Promise<void> {
  const { config, webAuth } = await loadIdentity();
  const verifier = randomString(32);
  const state = randomString(16);
  const pending: PendingSignIn = { verifier, purpose: target.purpose, next: target.next };
  sessionStorage.setItem(storageKey(state), JSON.stringify(pending));
  webAuth.authorize({
    responseType: 'code',
    redirectUri: `${window.location.origin}${callbackPath}`,
    audience: config.audience,
    scope,
    state,
    organization: target.organization,
    ...(target.connection && { connection: target.connection }),
    ...(target.email && { loginHint: target.email }),
    // auth0-js turns these into `code_challenge` and `code_challenge_method`.
    codeChallenge: await challengeOf(verifier),
    codeChallengeMethod: 'S256',
  } as Parameters<typeof webAuth.authorize>[0]);
}

/** The callback's answer: the tokens and what the sign-in was for, or the provider's refusal. */
export async function finishOrganizationSignIn(
  search: URLSearchParams,
): Promise<{ tokens: SignInTokens; purpose: OrganizationSignInPurpose; next: string }> {
  const state = search.get('state') ?? '';
  const stored = state ? sessionStorage.getItem(storageKey(state)) : null;
  if (state) sessionStorage.removeItem(storageKey(state));
  if (search.get('error')) {
    throw new AuthError(
      search.get('error') ?? 'access_denied',
      search.get('error_description') ?? 'The sign-in was refused.',
    );
  }
  if (!stored) {
    throw new AuthError(
      'invalid_state',
      'This sign-in was not started in this tab, or it was already used. Please sign in again.',
    );
  }
  const pending = JSON.parse(stored) as PendingSignIn;
  const { config, webAuth } = await loadIdentity();
  const result = await new Promise<{ accessToken?: string; refreshToken?: string; idToken?: string }>(
    (resolve, reject) => {
      webAuth.client.oauthToken(
        {
          grantType: 'authorization_code',
          code: search.get('code') ?? '',
          codeVerifier: pending.verifier,
          redirectUri: `${window.location.origin}${callbackPath}`,
          audience: config.audience,
          scope,
        } as never,
        (error: unknown, answer: { accessToken?: string; refreshToken?: string; idToken?: string }) =>
          error ? reject(error) : resolve(answer),
      );
    },
  );
  if (!result.accessToken)
    throw new AuthError('invalid_token', 'The identity provider sent no access token.');
  return {
    tokens: {
      accessToken: result.accessToken,
      refreshToken: result.refreshToken ?? null,
      idToken: result.idToken ?? null,
    },
    purpose: pending.purpose,
    next: pending.next,
  };
}
