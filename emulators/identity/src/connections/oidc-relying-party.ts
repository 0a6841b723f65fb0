import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { IdentityContext } from '#identity/context.ts';
import type { ConnectionRecord } from '#identity/storage/identity-state.ts';
import type { EnterpriseProfile } from '#identity/users/sign-in-with-enterprise.ts';

type OidcOptions = {
  client_id: string;
  client_secret: string;
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  scope: string;
};

/** Auth0's redirect URI for OIDC connections: `https://<domain>/login/callback`. */
export const oidcRedirectUri = (context: IdentityContext) => context.urls.link('login/callback');

export function oidcAuthorizeUrl(
  context: IdentityContext,
  connection: ConnectionRecord,
  state: string,
  nonce: string,
) {
  const options = connection.options as OidcOptions;
  const url = new URL(options.authorization_endpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: options.client_id,
    redirect_uri: oidcRedirectUri(context),
    scope: options.scope,
    state,
    nonce,
  }).toString();
  return url.toString();
}

/**
 * The back channel: the code exchanged at the provider's token endpoint with the client secret, and
 * its ID token verified — signature against the provider's JWKS, issuer, audience (the client id),
 * expiry, and the nonce this sign-in sent.
 */
export async function finishOidcSignIn(
  context: IdentityContext,
  connection: ConnectionRecord,
  code: string,
  nonce: string,
): Promise<{ ok: true; profile: EnterpriseProfile } | { ok: false; reason: string }> {
  const options = connection.options as OidcOptions;
  let idToken: unknown;
  try {
    const response = await fetch(options.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: oidcRedirectUri(context),
        client_id: options.client_id,
        client_secret: options.client_secret,
      }),
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      return {
        ok: false,
        reason: `the provider refused the code: ${String(body.error_description ?? body.error)}`,
      };
    idToken = body.id_token;
  } catch (error) {
    return { ok: false, reason: `the provider's token endpoint failed: ${(error as Error).message}` };
  }
  if (typeof idToken !== 'string') return { ok: false, reason: 'the provider answered no id_token' };
  try {
    const { payload } = await jwtVerify(idToken, createRemoteJWKSet(new URL(options.jwks_uri)), {
      issuer: options.issuer,
      audience: options.client_id,
      algorithms: ['RS256', 'ES256', 'PS256'],
    });
    if (payload.nonce !== nonce) return { ok: false, reason: 'the id_token nonce does not match' };
    const email = typeof payload.email === 'string' ? payload.email : undefined;
    if (!payload.sub || !email) return { ok: false, reason: 'the id_token has no sub or email' };
    const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
    return {
      ok: true,
      profile: {
        id: payload.sub,
        email,
        name: text(payload.name),
        givenName: text(payload.given_name),
        familyName: text(payload.family_name),
        raw: { ...payload },
      },
    };
  } catch (error) {
    return { ok: false, reason: `the id_token is not valid: ${(error as Error).message}` };
  }
}
