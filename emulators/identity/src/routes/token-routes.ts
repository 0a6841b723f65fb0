import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { enforceRateLimit } from '#identity/http/rate-limiter.ts';
import { bodyRecord, optionalParam, requiredParam } from '#identity/http/request-params.ts';
import { hasSecondFactor } from '#identity/mfa/authenticators.ts';
import { createMfaToken } from '#identity/mfa/mfa-tokens.ts';
import {
  mfaOtpGrant,
  mfaRecoveryCodeGrant,
  mfaRequired,
  secondFactorGrant,
} from '#identity/mfa/second-factor-grant.ts';
import { passkeyGrant, webauthnGrant } from '#identity/passkeys/passkey-grant.ts';
import { issueClientToken, issueUserTokens } from '#identity/tokens/issue-tokens.ts';
import { type Device, exchangeRefreshToken, revokeRefreshToken } from '#identity/tokens/refresh-tokens.ts';
import { isKnownAudience, splitScope, userScopes } from '#identity/tokens/scopes.ts';
import { signInTokens } from '#identity/tokens/sign-in-tokens.ts';
import {
  loginAttemptKey,
  loginLimitMessage,
  signInWithPassword,
  tooManyAttemptsMessage,
} from '#identity/users/sign-in-with-password.ts';

export const passwordRealmGrant = 'http://auth0.com/oauth/grant-type/password-realm';

type Params = Record<string, unknown>;
type Client = { id: string; secret?: string };

/**
 * /oauth/token (password-realm, password, client_credentials, refresh_token, mfa-otp, mfa-recovery-code) and /oauth/revoke, with
 * Auth0's `{error, error_description}` errors. Bodies may be JSON or form-encoded.
 */
export function registerTokenRoutes(app: FastifyInstance, context: IdentityContext) {
  const { config, urls } = context;

  /** The calling client, from HTTP Basic or the body (RFC 6749 §2.3.1). */
  const clientOf = (request: FastifyRequest, params: Params): Client => {
    const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (basic?.[1]) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 1) throw oauthError(401, 'access_denied', 'Unauthorized');
      return { id: safeDecode(decoded.slice(0, colon)), secret: safeDecode(decoded.slice(colon + 1)) };
    }
    return { id: requiredParam(params, 'client_id'), secret: optionalParam(params, 'client_secret') };
  };

  const requireKnownClient = (client: Client) => {
    if (client.id !== config.webClientId && client.id !== config.managementClient.id) {
      throw oauthError(401, 'access_denied', 'Unauthorized');
    }
  };

  const grantNotAllowed = (grantType: string) =>
    oauthError(403, 'unauthorized_client', `Grant type '${grantType}' not allowed for the client.`);

  /** The API asked for; none (no `audience`) gives an opaque access token, as on a default Auth0 tenant. */
  const audienceOf = (params: Params) => {
    const audience = optionalParam(params, 'audience');
    if (audience !== undefined && !isKnownAudience(audience, urls))
      throw oauthError(403, 'access_denied', `Service not found: ${audience}`);
    return audience;
  };

  const passwordGrant = async (
    request: FastifyRequest,
    reply: FastifyReply,
    params: Params,
    grantType: string,
  ) => {
    const client = clientOf(request, params);
    requireKnownClient(client);
    if (client.id !== config.webClientId) throw grantNotAllowed(grantType);
    if (grantType === passwordRealmGrant) {
      const realm = requiredParam(params, 'realm');
      if (realm !== config.connection) throw oauthError(400, 'invalid_request', `Unknown realm: ${realm}`);
    }
    const username = requiredParam(params, 'username');
    const password = requiredParam(params, 'password');
    const audience = audienceOf(params);

    // Every attempt counts, right or wrong, before any password is hashed.
    const limiter = context.rateLimits.loginAttempts;
    if (limiter)
      enforceRateLimit(reply, limiter.take(loginAttemptKey(username, request.ip)), loginLimitMessage);
    const result = await signInWithPassword(context, { email: username, password, ip: request.ip });
    if (!result.ok) {
      request.log.info({ reason: result.reason }, 'password sign-in refused');
      if (result.reason === 'too_many_attempts')
        throw oauthError(429, 'too_many_attempts', tooManyAttemptsMessage);
      if (result.reason === 'blocked') throw oauthError(401, 'unauthorized', 'user is blocked');
      throw oauthError(403, 'invalid_grant', 'Wrong email or password.');
    }
    const scopes = userScopes(optionalParam(params, 'scope'), audience, urls);
    const sid = randomBytes(16).toString('base64url');
    // A person with a second factor, or anyone asking for the MFA API, owes a second factor first.
    if (audience === urls.mfaAudience || hasSecondFactor(result.user)) {
      const mfaToken = await createMfaToken(context.store, {
        userId: result.user.userId,
        clientId: client.id,
        audience,
        scope: scopes.join(' '),
        sid,
      });
      throw mfaRequired(mfaToken);
    }
    return signInTokens(context, {
      user: result.user,
      clientId: client.id,
      audience,
      scopes,
      sid,
      grantType: 'password',
      device: deviceOf(request),
    });
  };

  const clientCredentialsGrant = async (request: FastifyRequest, params: Params) => {
    const client = clientOf(request, params);
    requireKnownClient(client);
    if (client.id !== config.managementClient.id) throw grantNotAllowed('client_credentials');
    if (!client.secret || !sameSecret(client.secret, config.managementClient.secret)) {
      throw oauthError(401, 'access_denied', 'Unauthorized');
    }
    // A tenant has no default audience unless configured: the API must be named.
    const audience = optionalParam(params, 'audience');
    if (audience === undefined) {
      throw oauthError(
        403,
        'access_denied',
        'No audience parameter was provided, and no default audience has been configured',
      );
    }
    if (audience !== urls.managementAudience)
      throw oauthError(403, 'access_denied', `Service not found: ${audience}`);
    return issueClientToken(context, client.id);
  };

  const refreshTokenGrant = async (request: FastifyRequest, params: Params) => {
    const client = clientOf(request, params);
    requireKnownClient(client);
    const token = requiredParam(params, 'refresh_token');
    const exchange = await exchangeRefreshToken(context.store, token, {
      clientId: client.id,
      reuseIntervalMs: config.refreshTokenReuseIntervalSeconds * 1000,
      device: deviceOf(request),
    });
    if (!exchange.ok) {
      if (exchange.reason === 'reused') request.log.warn('refresh token reused: its family is revoked');
      throw oauthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    }
    const { record } = exchange;
    const user = context.store.state.users.get(record.userId);
    if (!user) {
      throw oauthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
    }
    // Auth0 refuses to refresh for a blocked user as it refuses an invalid refresh token (a sign-in says 401).
    if (user.blocked) throw oauthError(403, 'invalid_grant', 'user is blocked');
    const scopes = splitScope(record.scope);
    // The original auth_time travels on: a refresh proves nothing new about the person.
    const tokens = await issueUserTokens(context, {
      user,
      clientId: client.id,
      audience: record.audience,
      scopes,
      authTime: record.authTime,
      sid: record.sid,
      amr: record.amr,
      includeAccessToken: true,
      includeIdToken: scopes.includes('openid'),
      grantType: 'refresh_token',
    });
    // Rotation: the answer carries the family's next refresh token; the one sent is spent.
    return { ...tokens, refresh_token: exchange.next };
  };

  app.post('/oauth/token', async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
    const params = bodyRecord(request.body);
    const grantType = requiredParam(params, 'grant_type');
    switch (grantType) {
      case passwordRealmGrant:
      case 'password':
        return passwordGrant(request, reply, params, grantType);
      case 'client_credentials':
        return clientCredentialsGrant(request, params);
      case 'refresh_token':
        return refreshTokenGrant(request, params);
      case webauthnGrant: {
        const client = clientOf(request, params);
        requireKnownClient(client);
        if (client.id !== config.webClientId) throw grantNotAllowed(grantType);
        return passkeyGrant(context, client.id, params, deviceOf(request));
      }
      case mfaOtpGrant:
      case mfaRecoveryCodeGrant: {
        const client = clientOf(request, params);
        requireKnownClient(client);
        return secondFactorGrant(context, client.id, params, grantType, deviceOf(request));
      }
      default:
        throw oauthError(403, 'unsupported_grant_type', `Unsupported grant type: ${grantType}`);
    }
  });

  app.post('/oauth/revoke', async (request, reply) => {
    const params = bodyRecord(request.body);
    const client = clientOf(request, params);
    requireKnownClient(client);
    const token = requiredParam(params, 'token');
    await revokeRefreshToken(context.store, token, client.id);
    return reply.status(200).send();
  });
}

/** The browser of a token request, for its refresh token's record. */
function deviceOf(request: FastifyRequest): Device {
  return { userAgent: String(request.headers['user-agent'] ?? '').slice(0, 512), ip: request.ip };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
