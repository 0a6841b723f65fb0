import { raw } from './conformance-users.ts';
import * as verdict from './feature-check.ts';

const discoveryArea = 'discovery and keys';
const absentArea = 'Authentication API parts Auth0 has';

/** An Authentication API endpoint is there when it answers anything but 404. */
function endpoint(id: string, title: string, path: string, init: RequestInit = {}): verdict.Feature {
  return {
    id,
    area: absentArea,
    title,
    async check(context) {
      const response = await raw(context, path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ client_id: context.clientId }),
        ...init,
      });
      return response.status === 404 ? verdict.missing(`POST ${path}: 404`) : verdict.likeAuth0();
    },
  };
}

export const discoveryFeatures: verdict.Feature[] = [
  {
    id: 'discovery.openid-client',
    area: discoveryArea,
    title: 'openid-client discovery over https: issuer, endpoints, RS256',
    async check(context) {
      const metadata = context.webClient.serverMetadata();
      return verdict.expectAll([
        [metadata.issuer === context.issuer, `issuer ${metadata.issuer}`],
        [metadata.token_endpoint === `${context.issuer}oauth/token`, 'token_endpoint'],
        [metadata.userinfo_endpoint === `${context.issuer}userinfo`, 'userinfo_endpoint'],
        [metadata.jwks_uri === `${context.issuer}.well-known/jwks.json`, 'jwks_uri'],
        [metadata.id_token_signing_alg_values_supported?.includes('RS256') === true, 'RS256'],
      ]);
    },
  },
  {
    id: 'discovery.end-session-endpoint',
    area: discoveryArea,
    title: 'end_session_endpoint is the OIDC logout endpoint, <issuer>oidc/logout',
    async check(context) {
      const endpoint = context.webClient.serverMetadata().end_session_endpoint;
      return verdict.expectAll([
        [endpoint === `${context.issuer}oidc/logout`, `end_session_endpoint ${endpoint}`],
      ]);
    },
  },
  {
    id: 'discovery.jwks-certificate',
    area: discoveryArea,
    title: 'the JWKS key carries its certificate (x5c, x5t) as Auth0 publishes it',
    async check(context) {
      const { keys } = (await (await raw(context, '/.well-known/jwks.json')).json()) as {
        keys: Record<string, unknown>[];
      };
      const [key] = keys;
      return verdict.expectAll([
        [key?.kty === 'RSA' && key.use === 'sig' && typeof key.kid === 'string', 'kty, use, kid'],
        [Array.isArray(key?.x5c) && typeof key?.x5t === 'string', 'no x5c/x5t'],
      ]);
    },
  },
  endpoint(
    'auth.cross-origin-authentication',
    'cross-origin authentication (/co/authenticate)',
    '/co/authenticate',
  ),
  endpoint('auth.passwordless', 'passwordless by email or SMS (/passwordless/start)', '/passwordless/start'),
  endpoint('auth.pushed-authorization', 'pushed authorization requests (/oauth/par)', '/oauth/par'),
  endpoint('auth.device-code', 'device authorization flow (/oauth/device/code)', '/oauth/device/code'),
];
