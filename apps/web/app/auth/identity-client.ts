import type { IdentitySettings } from '@launchkit/api-contract';
import type { Auth0Error, Auth0UserProfile, AuthOptions, WebAuth } from 'auth0-js';
import { apiRequest } from '#web/lib/api.ts';
import { AuthError, toAuthError } from './auth-error.ts';
import { callbackPath } from './auth-paths.ts';
import { providerConnections, type SocialProvider } from './providers.ts';

// The identity provider as the browser uses it, through auth0-js. The library (about 30 KB gzip) is
// imported only when something needs it: a stored token at start-up, an auth page, the popup
// callback, a re-authentication. The public pages' first view never loads it.

export type IdentityProfile = Auth0UserProfile;

type Identity = { config: IdentitySettings; webAuth: WebAuth };

// offline_access: a password sign-in gets a refresh token (token-renewal.ts). A social sign-in's popup
// (implicit flow) gets none; its access token lasts as long as the provider issues it for.
const scope = 'openid profile email offline_access';
const popupScope = 'openid profile email';
const responseType = 'token id_token';

/**
 * What a sign-in gives the session: the access token, the refresh token when there is one, and the
 * ID token, whose profile claims are kept so that loading a page need not ask /userinfo.
 */
export type SignInTokens = { accessToken: string; refreshToken: string | null; idToken: string | null };

let configRequest: Promise<IdentitySettings> | null = null;
let identityRequest: Promise<Identity> | null = null;

// The browser reads the provider settings from the API rather than the build, so one build runs
// against the emulator or any Auth0 tenant.
function loadConfig(): Promise<IdentitySettings> {
  configRequest ??= apiRequest<IdentitySettings>('identity-config', { token: null });
  configRequest.catch(() => {
    configRequest = null;
  });
  return configRequest;
}

/**
 * A new options object each time: WebAuth writes into the object it is given. auth0-js expects an
 * https tenant (`https://<domain>/` as the token issuer and JWKS host); the overrides let the same
 * code verify tokens from the http emulator.
 */
function webAuthOptions(config: IdentitySettings): AuthOptions {
  return {
    domain: config.domain,
    clientID: config.clientId,
    audience: config.audience,
    responseType,
    scope: popupScope,
    redirectUri: `${window.location.origin}${callbackPath}`,
    overrides: {
      __tenant: new URL(config.domain).hostname.split('.')[0],
      __token_issuer: config.issuer,
      __jwks_uri: `${config.domain.replace(/\/+$/, '')}/.well-known/jwks.json`,
    },
  };
}

/** Loads auth0-js and the provider settings once; a failed load is tried again on the next call. */
export function loadIdentity(): Promise<Identity> {
  identityRequest ??= Promise.all([import('auth0-js'), loadConfig()]).then(([auth0, config]) => ({
    config,
    webAuth: new auth0.WebAuth(webAuthOptions(config)),
  }));
  identityRequest.catch(() => {
    identityRequest = null;
  });
  return identityRequest;
}

/**
 * Runs one callback-style auth0-js call as a promise. The library also throws synchronously when an
 * option is missing ('email option is required'); both ways end as an AuthError.
 */
function call<T>(run: (done: (error: Auth0Error | null, result: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    run((error, result) => (error ? reject(error) : resolve(result)));
  }).catch((error: unknown) => {
    throw toAuthError(error);
  });
}

type TokenResult = { accessToken?: string; refreshToken?: string; idToken?: string };

function tokensOf(result: TokenResult | null | undefined): SignInTokens {
  if (!result?.accessToken)
    throw new AuthError('invalid_token', 'The identity provider sent no access token.');
  return {
    accessToken: result.accessToken,
    refreshToken: result.refreshToken ?? null,
    idToken: result.idToken ?? null,
  };
}

/** Email and password against the database connection (password-realm grant); resolves to the tokens. */
export async function signin(email: string, password: string): Promise<SignInTokens> {
  const { config, webAuth } = await loadIdentity();
  const result = await call<TokenResult>((done) =>
    webAuth.client.login(
      { realm: config.connection, username: email, password, scope, audience: config.audience },
      done,
    ),
  );
  return tokensOf(result);
}

/** Creates the database user, then signs in as them; resolves to the tokens. */
export async function signup(email: string, password: string): Promise<SignInTokens> {
  const { config, webAuth } = await loadIdentity();
  await call<unknown>((done) => webAuth.signup({ connection: config.connection, email, password }, done));
  return signin(email, password);
}

/** The provider emails a link to its own password reset page. */
export async function sendPasswordResetEmail(email: string): Promise<void> {
  const { config, webAuth } = await loadIdentity();
  await call<unknown>((done) => webAuth.changePassword({ connection: config.connection, email }, done));
}

/**
 * docs/product.md §5: the reset is finished on the provider's page the emailed link opens, so there is
 * no code for this site to confirm.
 */
export async function confirmPasswordReset(): Promise<never> {
  throw new AuthError(
    'not_needed',
    'The identity provider handles password reset: open the link in the password reset email to choose a new password.',
  );
}

/**
 * Signs in with a social connection in a popup (500×600, the library default) that comes back to
 * /auth0-callback; resolves to the tokens (no refresh token: the implicit flow has none).
 */
export async function signinWithProvider(provider: SocialProvider): Promise<SignInTokens> {
  const { config, webAuth } = await loadIdentity();
  const result = await call<TokenResult>((done) =>
    webAuth.popup.authorize(
      {
        domain: config.domain,
        responseType,
        connection: providerConnections[provider],
        redirectUri: `${window.location.origin}${callbackPath}`,
      },
      done,
    ),
  );
  return { ...tokensOf(result), refreshToken: null };
}

/** Run by /auth0-callback inside the popup: checks the tokens in the URL and hands them to the opener. */
export async function completePopupSignIn(): Promise<void> {
  const { webAuth } = await loadIdentity();
  webAuth.popup.callback({ hash: window.location.hash });
}

/**
 * The provider's profile for an access token (/userinfo, limited per user: profile-cache.ts keeps
 * it); a 401 (AuthError.status) means the token is no good, a 429 that the limit was passed.
 */
export async function getProfile(accessToken: string): Promise<IdentityProfile> {
  const { webAuth } = await loadIdentity();
  return call<IdentityProfile>((done) => webAuth.client.userInfo(accessToken, done));
}

/** Ends the provider's own session too: navigates to its /v2/logout, which returns to the site root. */
export async function logout(): Promise<void> {
  const { config, webAuth } = await loadIdentity();
  webAuth.logout({ returnTo: `${window.location.origin}/`, clientID: config.clientId });
}
