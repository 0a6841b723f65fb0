import { AuthError, toAuthError } from './auth-error.ts';
import { loadIdentity, type SignInTokens } from './identity-client.ts';

// Plain requests to the identity provider for what auth0-js has no calls for (the MFA API, the Passkey
// API): the provider answers them with CORS for the app's origin, as it does /oauth/token. Its
// refusals become AuthErrors a person can act on.

export type ProviderAnswer = Record<string, unknown>;

/** What the person can act on, for the provider's refusals of a second factor or a passkey. */
function refusalOf(body: ProviderAnswer, status: number): AuthError {
  const description = typeof body.error_description === 'string' ? body.error_description : '';
  if (body.error === 'too_many_attempts') {
    return new AuthError(
      'too_many_attempts',
      'Too many wrong codes. Please wait a few minutes before you try again.',
      status,
    );
  }
  if (body.error === 'expired_token' || /mfa_token/i.test(description)) {
    return new AuthError('mfa_token_expired', 'This sign-in took too long. Please sign in again.', status);
  }
  if (body.error === 'invalid_grant' && /otp/i.test(description)) {
    return new AuthError(
      'invalid_code',
      'That code is not right. Enter the newest code your authenticator app shows.',
      status,
    );
  }
  if (/already exists/i.test(description)) {
    return new AuthError(
      'user_exists',
      'You already have an account with this email address: sign in instead.',
      status,
    );
  }
  if (body.error === 'invalid_grant' && /passkey|auth_session/i.test(description)) {
    return new AuthError(
      'passkey_refused',
      'This passkey could not be checked. Try again, or sign in another way.',
      status,
    );
  }
  if (body.error === 'invalid_grant' && /recovery/i.test(description)) {
    return new AuthError(
      'invalid_recovery_code',
      'That recovery code is not right. Check it and try again.',
      status,
    );
  }
  return toAuthError({ ...body, statusCode: status });
}

/** A path of the provider (`oauth/token`, `mfa/associate`) under its domain. */
export const providerUrl = (domain: string, path: string) =>
  new URL(path, domain.endsWith('/') ? domain : `${domain}/`);

type RequestOptions = { method?: 'GET' | 'POST' | 'DELETE'; body?: object; bearer?: string };

/** One request to the provider: its answer's body, and the `Location` a created resource is named by. */
async function send(path: string, options: RequestOptions) {
  const { config } = await loadIdentity();
  let response: Response;
  try {
    response = await fetch(providerUrl(config.domain, path), {
      method: options.method ?? 'POST',
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
  } catch {
    throw new AuthError(
      'network_error',
      'The sign-in service is not reachable. Check your connection and try again.',
    );
  }
  const body =
    response.status === 204
      ? {}
      : ((await response.json().catch(() => ({}))) as ProviderAnswer | ProviderAnswer[]);
  if (!response.ok) throw refusalOf(Array.isArray(body) ? {} : body, response.status);
  return { body, location: response.headers.get('location') };
}

export async function askProvider(path: string, options: RequestOptions = {}) {
  return (await send(path, options)).body;
}

/** A request that creates something the provider names in `Location` (My Account API enrolments). */
export async function createAtProvider(path: string, options: RequestOptions) {
  const { body, location } = await send(path, options);
  if (!location || Array.isArray(body)) {
    throw new AuthError('bad_response', 'The identity provider did not say where the new method is.');
  }
  return { body, location };
}

export const tokenRequest = async (body: object) => {
  const { config } = await loadIdentity();
  return (await askProvider('oauth/token', {
    body: { client_id: config.clientId, ...body },
  })) as ProviderAnswer;
};

/** The access token of a token endpoint's answer. */
export function accessTokenOf(tokens: ProviderAnswer): string {
  if (typeof tokens.access_token !== 'string')
    throw new AuthError('invalid_token', 'The identity provider sent no access token.');
  return tokens.access_token;
}

/** A sign-in's tokens from a token endpoint's answer. */
export function signInTokensOf(tokens: ProviderAnswer): SignInTokens {
  return {
    accessToken: accessTokenOf(tokens),
    refreshToken: typeof tokens.refresh_token === 'string' ? tokens.refresh_token : null,
    idToken: typeof tokens.id_token === 'string' ? tokens.id_token : null,
  };
}

/**
 * The password again, for a token of another of the provider's APIs (MFA, My Account): its access
 * token, or SecondFactorRequired when the sign-in owes a second factor.
 */
export async function passwordToken(
  email: string,
  password: string,
  request: { audience: string; scope: string },
): Promise<string> {
  const { config } = await loadIdentity();
  return accessTokenOf(
    await tokenRequest({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: config.connection,
      username: email,
      password,
      ...request,
    }),
  );
}
