import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';

/** OpenID discovery and the public signing key, which the API and auth0-js fetch to verify tokens. */
export function registerDiscoveryRoutes(app: FastifyInstance, context: IdentityContext) {
  const { urls } = context;

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: urls.issuer,
    authorization_endpoint: urls.link('authorize'),
    token_endpoint: urls.link('oauth/token'),
    userinfo_endpoint: urls.link('userinfo'),
    jwks_uri: urls.link('.well-known/jwks.json'),
    // OpenID Connect RP-initiated logout; auth0-js uses /v2/logout.
    end_session_endpoint: urls.link('oidc/logout'),
    revocation_endpoint: urls.link('oauth/revoke'),
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    response_types_supported: ['code', 'token id_token', 'id_token', 'token'],
    response_modes_supported: ['query', 'fragment', 'web_message'],
    code_challenge_methods_supported: ['S256'],
    grant_types_supported: [
      'authorization_code',
      'http://auth0.com/oauth/grant-type/password-realm',
      'password',
      'client_credentials',
      'refresh_token',
      'implicit',
    ],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    claims_supported: [
      'aud',
      'auth_time',
      'email',
      'email_verified',
      'exp',
      'family_name',
      'given_name',
      'iat',
      'iss',
      'name',
      'nickname',
      'picture',
      'sid',
      'sub',
      'updated_at',
    ],
    request_uri_parameter_supported: false,
  }));

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    // Short cache: verifiers refetch on an unknown kid anyway.
    reply.header('Cache-Control', 'public, max-age=300');
    return { keys: [context.key.publicJwk] };
  });
}
