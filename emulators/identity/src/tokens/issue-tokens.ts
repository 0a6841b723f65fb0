import { createHash } from 'node:crypto';
import {
  passwordResetAtClaim,
  secondFactorClaim,
  signedInAtClaim,
} from '@launchkit/api-contract/access-token-claims';
import { EncryptJWT, SignJWT } from 'jose';
import type { IdentityContext } from '#identity/context.ts';
import { tenantSettings } from '#identity/organizations/organizations.ts';
import type { OrganizationRecord, UserRecord } from '#identity/storage/identity-state.ts';
import { profileClaims } from '#identity/users/user-profile.ts';
import { managementScopes } from './scopes.ts';

// Auth0's default lifetimes (a user's access token: IDENTITY_ACCESS_TOKEN_LIFETIME_SECONDS).
export const accessTokenLifetime = 86_400;
export const idTokenLifetime = 36_000;

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

export type UserTokenRequest = {
  user: UserRecord;
  clientId: string;
  /** The API the access token is for; none: an opaque token only /userinfo accepts, as Auth0 issues. */
  audience: string | undefined;
  scopes: string[];
  /** When the person last proved who they are; a refresh keeps the original. */
  authTime: number;
  sid: string;
  includeAccessToken: boolean;
  includeIdToken: boolean;
  /** The grant type claim (`gty`) of tokens from /oauth/token; none for /authorize. */
  grantType?: string;
  nonce?: string;
  /** Auth0's `amr` in the ID token: `mfa` among them once two factors passed (a code, or a verifying passkey). */
  amr?: string[];
  /** The organization signed in through: `org_id` (and `org_name` when the tenant allows names) in both tokens. */
  organization?: OrganizationRecord;
  /** at_hash binds the id token to the access token issued beside it in a fragment (/authorize). */
  includeAtHash?: boolean;
};

export type TokenSet = {
  access_token?: string;
  id_token?: string;
  scope: string;
  expires_in: number;
  token_type: 'Bearer';
};

export async function issueUserTokens(
  context: IdentityContext,
  request: UserTokenRequest,
): Promise<TokenSet> {
  const issuedAt = nowInSeconds();
  const scope = request.scopes.join(' ');
  const organizationClaims = organizationClaimsOf(context, request.organization);
  const lifetime = context.config.accessTokenLifetimeSeconds;
  const accessClaims = {
    sub: request.user.userId,
    azp: request.clientId,
    scope,
    iat: issuedAt,
    exp: issuedAt + lifetime,
    ...organizationClaims,
    // What the tenant's post-login Action adds (docs/deploy.md): Auth0 keeps `auth_time` in ID tokens.
    [signedInAtClaim]: request.authTime,
    ...(request.grantType ? { gty: request.grantType } : {}),
    // What the tenant's post-login Action adds once a second factor passed (docs/deploy.md): `mfa`,
    // never `passkey` alone, which a passkey that only saw someone present also reports (decision 0040).
    ...(request.amr?.includes('mfa') ? { [secondFactorClaim]: true } : {}),
    // And the time of the last password reset, as its Action copies `last_password_reset`.
    ...(request.user.lastPasswordReset
      ? { [passwordResetAtClaim]: Math.floor(Date.parse(request.user.lastPasswordReset) / 1000) }
      : {}),
  };
  let accessToken: string | undefined;
  if (request.includeAccessToken && request.audience === undefined) {
    accessToken = await encrypt(context, accessClaims);
  } else if (request.includeAccessToken && request.audience !== undefined) {
    // Auth0 adds its /userinfo as a second audience only when the openid scope was granted.
    const aud = request.scopes.includes('openid')
      ? [request.audience, context.urls.userinfoAudience]
      : request.audience;
    accessToken = await sign(context, { ...accessClaims, aud });
  }
  const idToken = request.includeIdToken
    ? await sign(context, {
        ...profileClaims(request.user, context.urls, request.scopes),
        sub: request.user.userId,
        aud: request.clientId,
        iat: issuedAt,
        exp: issuedAt + idTokenLifetime,
        auth_time: request.authTime,
        sid: request.sid,
        ...organizationClaims,
        ...(request.amr ? { amr: request.amr } : {}),
        ...(request.nonce ? { nonce: request.nonce } : {}),
        ...(request.includeAtHash && accessToken ? { at_hash: atHash(accessToken) } : {}),
      })
    : undefined;
  return {
    ...(accessToken ? { access_token: accessToken } : {}),
    ...(idToken ? { id_token: idToken } : {}),
    scope,
    expires_in: lifetime,
    token_type: 'Bearer',
  };
}

/**
 * Auth0 (Work with Tokens and Organizations): tokens of a sign-in through an organization carry its id,
 * `org_id`, and its name, `org_name`, only when the tenant allows names in the Authentication API.
 */
function organizationClaimsOf(context: IdentityContext, organization: OrganizationRecord | undefined) {
  if (!organization) return {};
  const withName = tenantSettings(context.store.state).allowOrganizationNameInAuthenticationApi;
  return { org_id: organization.id, ...(withName ? { org_name: organization.name } : {}) };
}

/** The Management API token of the machine-to-machine client (client-credentials grant). */
export async function issueClientToken(context: IdentityContext, clientId: string): Promise<TokenSet> {
  const issuedAt = nowInSeconds();
  const scope = managementScopes.join(' ');
  const accessToken = await sign(context, {
    sub: `${clientId}@clients`,
    aud: context.urls.managementAudience,
    azp: clientId,
    scope,
    gty: 'client-credentials',
    iat: issuedAt,
    exp: issuedAt + accessTokenLifetime,
  });
  return { access_token: accessToken, scope, expires_in: accessTokenLifetime, token_type: 'Bearer' };
}

/** OIDC Core 3.2.2.9: base64url of the left half of the SHA-256 of the access token. */
export function atHash(accessToken: string): string {
  return createHash('sha256').update(accessToken, 'ascii').digest().subarray(0, 16).toString('base64url');
}

/**
 * Auth0's opaque access token (issued when no audience is asked for): today a JWE (dir, A256GCM) that
 * only Auth0 can read. Here too: encrypted with a key only the emulator holds, read back by /userinfo.
 */
function encrypt(context: IdentityContext, claims: Record<string, unknown>): Promise<string> {
  return new EncryptJWT({ iss: context.urls.issuer, ...claims })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', iss: context.urls.issuer })
    .encrypt(context.key.opaqueTokenKey);
}

function sign(context: IdentityContext, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT({ iss: context.urls.issuer, ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: context.key.kid })
    .sign(context.key.privateKey);
}
