import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { bodyRecord, requiredParam } from '#identity/http/request-params.ts';
import { mfaOtpGrant, mfaRecoveryCodeGrant, secondFactorGrant } from '#identity/mfa/second-factor-grant.ts';
import { passkeyGrant, webauthnGrant } from '#identity/passkeys/passkey-grant.ts';
import { revokeRefreshToken } from '#identity/tokens/refresh-tokens.ts';
import { deviceOf, grantNotAllowed, knownClientOf } from './token-clients.ts';
import {
  authorizationCodeGrant,
  clientCredentialsGrant,
  passwordGrant,
  passwordRealmGrant,
  refreshTokenGrant,
} from './token-grants.ts';

async function issueToken(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  const params = bodyRecord(request.body);
  const grantType = requiredParam(params, 'grant_type');
  switch (grantType) {
    case passwordRealmGrant:
    case 'password':
      return passwordGrant(context, request, reply, params, grantType);
    case 'client_credentials':
      return clientCredentialsGrant(context, request, params);
    case 'refresh_token':
      return refreshTokenGrant(context, request, params);
    case 'authorization_code':
      return authorizationCodeGrant(context, request, params);
    case webauthnGrant: {
      const client = knownClientOf(context, request, params);
      if (client.id !== context.config.webClientId) throw grantNotAllowed(grantType);
      return passkeyGrant(context, client.id, params, deviceOf(request));
    }
    case mfaOtpGrant:
    case mfaRecoveryCodeGrant: {
      const client = knownClientOf(context, request, params);
      return secondFactorGrant(context, client.id, params, grantType, deviceOf(request));
    }
    default:
      throw oauthError(403, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
  }
}

async function revokeToken(context: IdentityContext, request: FastifyRequest, reply: FastifyReply) {
  const params = bodyRecord(request.body);
  const client = knownClientOf(context, request, params);
  const token = requiredParam(params, 'token');
  await revokeRefreshToken(context.store, token, client.id);
  return reply.status(200).send();
}

/**
 * /oauth/token (authorization_code, password-realm, password, client_credentials, refresh_token, mfa-otp, mfa-recovery-code) and /oauth/revoke, with
 * Auth0's `{error, error_description}` errors. Bodies may be JSON or form-encoded.
 */
export function registerTokenRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /oauth/token': issueToken,
    'POST /oauth/revoke': revokeToken,
  });
}
