import type { IssuerUrls } from '#identity/issuer-urls.ts';

/** The OpenID Connect scopes the emulator grants a user when asked; anything else asked for is dropped. */
const oidcScopes = ['openid', 'profile', 'email', 'offline_access'];

/** What a user's token may do on the Management API: read itself, edit its user_metadata, link accounts. */
export const currentUserScopes = [
  'read:current_user',
  'update:current_user_metadata',
  'update:current_user_identities',
];

/** What a token for the MFA API may do (Auth0: Manage Authentication Factors with Authentication API). */
export const mfaScopes = ['enroll', 'read:authenticators', 'remove:authenticators'];

/** What a token for the My Account API may do with the person's own authentication methods. */
export const myAccountScopes = [
  'create:me:authentication_methods',
  'read:me:authentication_methods',
  'update:me:authentication_methods',
  'delete:me:authentication_methods',
];

/** What the machine-to-machine client's token may do on the Management API. */
export const managementScopes = [
  'read:users',
  'update:users',
  'delete:users',
  'create:users',
  'read:authentication_methods',
  'update:authentication_methods',
  'delete:authentication_methods',
  'read:sessions',
  'delete:sessions',
  'read:refresh_tokens',
  'delete:refresh_tokens',
  'create:user_tickets',
  'read:organizations',
  'create:organizations',
  'update:organizations',
  'delete:organizations',
  'read:organization_members',
  'create:organization_members',
  'delete:organization_members',
  'read:organization_connections',
  'create:organization_connections',
  'update:organization_connections',
  'delete:organization_connections',
  'read:organization_invitations',
  'create:organization_invitations',
  'delete:organization_invitations',
  'read:connections',
  'create:connections',
  'update:connections',
  'delete:connections',
  'read:tenant_settings',
  'update:tenant_settings',
];

export const splitScope = (scope: string | undefined) => (scope ?? '').split(/\s+/).filter(Boolean);

/**
 * The scopes of a user's token, as Auth0 grants them: only what was asked for and exists. That is the
 * OIDC scopes asked for (`openid` when the request names no scope at all), plus, on a token for the
 * Management API, the current-user scopes asked for; anything else asked for is dropped.
 */
export function userScopes(
  requested: string | undefined,
  audience: string | undefined,
  urls: IssuerUrls,
): string[] {
  const asked = splitScope(requested);
  if (asked.length === 0) return ['openid'];
  const scopesOf: Record<string, string[]> = {
    [urls.managementAudience]: currentUserScopes,
    [urls.mfaAudience]: mfaScopes,
    [urls.myAccountAudience]: myAccountScopes,
  };
  const apiScopes = (audience && scopesOf[audience]) || [];
  const known = [...oidcScopes, ...apiScopes];
  return [...new Set(asked)].filter((scope) => known.includes(scope));
}

/** The audiences a user may ask a token for: the configured API, the Management, MFA and My Account APIs. */
export function isKnownAudience(audience: string, urls: IssuerUrls): boolean {
  return [urls.apiAudience, urls.managementAudience, urls.mfaAudience, urls.myAccountAudience].includes(
    audience,
  );
}
