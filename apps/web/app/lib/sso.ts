import type {
  OidcConnectionRequest,
  SingleSignOn,
  SsoDiscovery,
  SsoDomain,
  SsoJoin,
  SsoSettingsChange,
} from '@launchkit/api-contract';
import { apiRequest } from '#web/lib/api.ts';

// Settings → Single sign-on and the sign-in through a workspace's organization (docs/sso.md). The
// settings are always the owner's own workspace's (`sso.manage`).

export type { SingleSignOn, SsoDiscovery, SsoDomain, SsoJoin };

export const getSingleSignOn = (signal?: AbortSignal) => apiRequest<SingleSignOn>('sso', { signal });

export const saveSamlConnection = (metadataXml: string) =>
  apiRequest<SingleSignOn>('sso/saml', { method: 'POST', body: { metadataXml } });

export const saveOidcConnection = (connection: OidcConnectionRequest) =>
  apiRequest<SingleSignOn>('sso/oidc', { method: 'POST', body: connection });

export const updateSingleSignOn = (change: SsoSettingsChange) =>
  apiRequest<SingleSignOn>('sso', { method: 'PATCH', body: change });

/** Sends the access token of a test sign-in through the connection (made in this tab, see components/sso/sso-callback-page.tsx). */
export const recordSsoTest = (accessToken: string) =>
  apiRequest<SingleSignOn>('sso/test', { method: 'POST', body: { accessToken } });

export const addSsoDomain = (domain: string) =>
  apiRequest<SingleSignOn>('sso/domains', { method: 'POST', body: { domain } });

export const verifySsoDomain = (domain: string) =>
  apiRequest<SingleSignOn>(`sso/domains/${encodeURIComponent(domain)}/verify`, { method: 'POST' });

export const removeSsoDomain = (domain: string) =>
  apiRequest<SingleSignOn>(`sso/domains/${encodeURIComponent(domain)}`, { method: 'DELETE' });

/** Home-realm discovery: the organization an address signs in through, if its domain has one. */
export const discoverSso = (email: string, signal?: AbortSignal) =>
  apiRequest<SsoDiscovery>('sso/discovery', { method: 'POST', body: { email }, token: null, signal });

/** After an organization's sign-in: the workspace it opens, joined if the owner allows joining by domain. */
export const joinSsoWorkspace = () => apiRequest<SsoJoin>('sso/join', { method: 'POST' });
