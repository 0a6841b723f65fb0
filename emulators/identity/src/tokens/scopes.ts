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

/** What the machine-to-machine client's token may do on the Management API. */
export const managementScopes = [
  'read:users',
  'update:users',
  'delete:users',
  'create:users',
  'read:authentication_methods',
  'update:authentication_methods',
  'delete:authentication_methods',
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
  const apiScopes =
    audience === urls.managementAudience ? currentUserScopes : audience === urls.mfaAudience ? mfaScopes : [];
  const known = [...oidcScopes, ...apiScopes];
  return [...new Set(asked)].filter((scope) => known.includes(scope));
}

/** The audiences a user may ask a token for: the configured API, the Management API and the MFA API. */
export function isKnownAudience(audience: string, urls: IssuerUrls): boolean {
  return (
    audience === urls.apiAudience || audience === urls.managementAudience || audience === urls.mfaAudience
  );
}
