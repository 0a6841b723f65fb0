import {
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { AuthError } from './auth-error.ts';
import { loadIdentity, type SignInTokens } from './identity-client.ts';
import {
  askProvider,
  createAtProvider,
  type ProviderAnswer,
  passwordToken,
  signInTokensOf,
  tokenRequest,
} from './provider-request.ts';
import { tokenClaim } from './token-claims.ts';

// Passkeys on the provider's Passkey API for web applications (Auth0: "Passkey APIs": `POST
// /passkey/register`, `POST /passkey/challenge`, then /oauth/token with the webauthn grant). The
// browser's WebAuthn ceremony runs through SimpleWebAuthn's browser half, which turns the provider's
// JSON options into `navigator.credentials` calls and the credential back into JSON.

const webauthnGrant = 'urn:okta:params:oauth:grant-type:webauthn';
// offline_access: the session's refresh token (token-renewal.ts).
const scope = 'openid profile email offline_access';

/** The browser's refusals (cancelled, timed out, no passkey here) in words a person can act on. */
function ceremonyError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'AbortError') return new AuthError('passkey_aborted', 'The passkey request was stopped.');
  return new AuthError(
    'passkey_cancelled',
    'The passkey request was cancelled or timed out. Try again, or sign in another way.',
  );
}

/** The tokens for a passkey's answer: for the product's API, or another (`request`). */
async function exchange(
  authSession: string,
  credential: object,
  request: { audience?: string; scope?: string } = {},
): Promise<SignInTokens> {
  const { config } = await loadIdentity();
  return signInTokensOf(
    await tokenRequest({
      grant_type: webauthnGrant,
      auth_session: authSession,
      authn_response: credential,
      realm: config.connection,
      scope: request.scope ?? scope,
      audience: request.audience ?? config.audience,
    }),
  );
}

async function challenge(path: 'passkey/register' | 'passkey/challenge', body: object) {
  const { config } = await loadIdentity();
  const answer = (await askProvider(path, {
    body: { client_id: config.clientId, realm: config.connection, ...body },
  })) as ProviderAnswer;
  return { authSession: String(answer.auth_session ?? ''), options: answer.authn_params_public_key };
}

/** A new account with a passkey and no password; resolves to the tokens. */
export async function signUpWithPasskey(email: string): Promise<SignInTokens> {
  const { authSession, options } = await challenge('passkey/register', { user_profile: { email } });
  const credential = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  }).catch((error: unknown) => {
    throw ceremonyError(error);
  });
  return exchange(authSession, credential);
}

/**
 * Signs in with a passkey the browser offers for this site; resolves to the tokens (for the
 * product's API, or `audience` with `scope`). With `autofill`, the browser offers them in the email
 * field's suggestions (conditional mediation) and the promise waits until one is picked, or until
 * `cancelPasskeyAutofill`. With `expectedUid`, a passkey of another account is refused.
 */
export async function signInWithPasskey({
  autofill = false,
  expectedUid,
  ...request
}: {
  autofill?: boolean;
  expectedUid?: string;
  audience?: string;
  scope?: string;
} = {}): Promise<SignInTokens> {
  if (autofill && !(await browserSupportsWebAuthnAutofill()))
    throw new AuthError('passkey_autofill_unsupported', 'This browser does not offer passkeys in forms.');
  const { authSession, options } = await challenge('passkey/challenge', {});
  const assertion = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  }).catch((error: unknown) => {
    throw ceremonyError(error);
  });
  const tokens = await exchange(authSession, assertion, request);
  if (expectedUid !== undefined && tokenClaim(tokens.accessToken, 'sub') !== expectedUid) {
    throw new AuthError(
      'passkey_other_account',
      'That passkey belongs to another account. Use a passkey of this account.',
    );
  }
  return tokens;
}

// Adding a passkey to the signed-in account goes through Auth0's My Account API, with a token for it
// that the person gets by proving again who they are.
const myAccountScope = 'create:me:authentication_methods';
const myAccountAudience = async () => new URL('me/', (await loadIdentity()).config.issuer).toString();

/** A My Account API token from the password (SecondFactorRequired when the account has two-factor). */
export const myAccountTokenWithPassword = async (email: string, password: string) =>
  passwordToken(email, password, { audience: await myAccountAudience(), scope: myAccountScope });

/** A My Account API token from one of the account's passkeys; another account's is refused. */
export const myAccountTokenWithPasskey = async (expectedUid: string) =>
  (await signInWithPasskey({ expectedUid, audience: await myAccountAudience(), scope: myAccountScope }))
    .accessToken;

/** Creates a passkey in the browser and adds it to the account of `myAccountToken`. */
export async function addPasskey(myAccountToken: string): Promise<void> {
  const { body, location } = await createAtProvider('me/v1/authentication-methods', {
    bearer: myAccountToken,
    body: { type: 'passkey' },
  });
  const credential = await startRegistration({
    optionsJSON: body.authn_params_public_key as PublicKeyCredentialCreationOptionsJSON,
  }).catch((error: unknown) => {
    throw ceremonyError(error);
  });
  // `Location` may be absolute or a path; the method is verified at <its path>/verify.
  const methodPath = new URL(location, (await loadIdentity()).config.domain).pathname.replace(/^\//, '');
  await askProvider(`${methodPath}/verify`, {
    bearer: myAccountToken,
    body: { auth_session: body.auth_session, authn_response: credential },
  });
}

/** Stops a waiting autofill request, so a button's own ceremony can start. */
export function cancelPasskeyAutofill(): void {
  WebAuthnAbortService.cancelCeremony();
}
