import type { IssuerUrls } from '../issuer-urls.ts';

/** The OpenID Connect scopes the emulator grants a user when asked; anything else asked for is dropped. */
const oidcScopes = ['openid', 'profile', 'email', 'offline_access'];

/** What a user's token may do on the Management API: read itself, edit its user_metadata, link accounts. */
export const currentUserScopes = [
  'read:current_user',
  'update:current_user_metadata',
  'update:current_user_identities',
];

/** What the machine-to-machine client's token may do on the Management API. */
export const managementScopes = ['read:users', 'update:users', 'delete:users', 'create:users'];

export const splitScope = (scope: string | undefined) => (scope ?? '').split(/\s+/).filter(Boolean);

/**
 * The scopes of a user's token: the OIDC scopes asked for (`openid` when nothing is asked), plus the
 * current-user scopes when the token is for the Management API, as Auth0 grants them to an SPA.
 */
export function userScopes(requested: string | undefined, audience: string, urls: IssuerUrls): string[] {
  const asked = splitScope(requested);
  const granted = oidcScopes.filter((scope) => asked.includes(scope));
  if (granted.length === 0) granted.push('openid');
  if (audience === urls.managementAudience) granted.push(...currentUserScopes);
  return granted;
}

/** The audiences a user may ask a token for: the configured API and the Management API. */
export function isKnownAudience(audience: string, urls: IssuerUrls): boolean {
  return audience === urls.defaultAudience || audience === urls.managementAudience;
}
