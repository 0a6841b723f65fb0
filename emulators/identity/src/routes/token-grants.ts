import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { enforceRateLimit } from '#identity/http/rate-limiter.ts';
import { optionalParam, requiredParam } from '#identity/http/request-params.ts';
import { hasSecondFactor } from '#identity/mfa/authenticators.ts';
import { createMfaToken } from '#identity/mfa/mfa-tokens.ts';
import { mfaRequired } from '#identity/mfa/second-factor-grant.ts';
import { redeemAuthorizationCode } from '#identity/tokens/authorization-codes.ts';
import { issueClientToken, issueUserTokens } from '#identity/tokens/issue-tokens.ts';
import { exchangeRefreshToken } from '#identity/tokens/refresh-tokens.ts';
import { isKnownAudience, splitScope, userScopes } from '#identity/tokens/scopes.ts';
import { signInTokens } from '#identity/tokens/sign-in-tokens.ts';
import {
  loginAttemptKey,
  loginLimitMessage,
  signInWithPassword,
  tooManyAttemptsMessage,
} from '#identity/users/sign-in-with-password.ts';
import { deviceOf, grantNotAllowed, knownClientOf, type Params, sameSecret } from './token-clients.ts';

export const passwordRealmGrant = 'http://auth0.com/oauth/grant-type/password-realm';

/** The API asked for; none (no `audience`) gives an opaque access token, as on a default Auth0 tenant. */
function audienceOf(context: IdentityContext, params: Params) {
  const audience = optionalParam(params, 'audience');
  if (audience !== undefined && !isKnownAudience(audience, context.urls))
    throw oauthError(403, 'access_denied', `Service not found: ${audience}`);
  return audience;
}

/** password-realm and password: the web client signs a person in with their email and password. */
export async function passwordGrant(
  context: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Params,
  grantType: string,
) {
  const { config, urls } = context;
  const client = knownClientOf(context, request, params);
  if (client.id !== config.webClientId) throw grantNotAllowed(grantType);
  if (grantType === passwordRealmGrant) {
    const realm = requiredParam(params, 'realm');
    if (realm !== config.connection) throw oauthError(400, 'invalid_request', `Unknown realm: ${realm}`);
  }
  const username = requiredParam(params, 'username');
  const password = requiredParam(params, 'password');
  const audience = audienceOf(context, params);

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
    throw mfaRequired(mfaToken, hasSecondFactor(result.user));
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
}

/** client_credentials: the management client's token for the Management API. */
export async function clientCredentialsGrant(
  context: IdentityContext,
  request: FastifyRequest,
  params: Params,
) {
  const { config, urls } = context;
  const client = knownClientOf(context, request, params);
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
}

/** refresh_token: new tokens for the family's next refresh token (rotation). */
export async function refreshTokenGrant(context: IdentityContext, request: FastifyRequest, params: Params) {
  const client = knownClientOf(context, request, params);
  const token = requiredParam(params, 'refresh_token');
  const exchange = await exchangeRefreshToken(context.store, token, {
    clientId: client.id,
    reuseIntervalMs: context.config.refreshTokenReuseIntervalSeconds * 1000,
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
    // A member removed since the sign-in no longer gets the organization's tokens.
    organization: organizationOfRefresh(context, record.organizationId, user.userId),
    includeAccessToken: true,
    includeIdToken: scopes.includes('openid'),
    grantType: 'refresh_token',
  });
  // Rotation: the answer carries the family's next refresh token; the one sent is spent.
  return { ...tokens, refresh_token: exchange.next };
}

function organizationOfRefresh(context: IdentityContext, organizationId: string | undefined, userId: string) {
  if (organizationId === undefined) return undefined;
  const organization = context.store.state.organizations.get(organizationId);
  if (!organization?.members.includes(userId))
    throw oauthError(403, 'invalid_grant', 'Unknown or invalid refresh token.');
  return organization;
}

/** authorization_code (with PKCE): the code /authorize answered, exchanged once for the sign-in's tokens. */
export async function authorizationCodeGrant(
  context: IdentityContext,
  request: FastifyRequest,
  params: Params,
) {
  const client = knownClientOf(context, request, params);
  if (client.id !== context.config.webClientId) throw grantNotAllowed('authorization_code');
  const redemption = await redeemAuthorizationCode(context.store, {
    code: requiredParam(params, 'code'),
    clientId: client.id,
    redirectUri: optionalParam(params, 'redirect_uri'),
    codeVerifier: optionalParam(params, 'code_verifier'),
  });
  if (!redemption.ok) throw oauthError(403, 'invalid_grant', redemption.description);
  const { record } = redemption;
  const user = context.store.state.users.get(record.userId);
  if (!user) throw oauthError(403, 'invalid_grant', 'Invalid authorization code');
  if (user.blocked) throw oauthError(401, 'unauthorized', 'user is blocked');
  const organization = record.organizationId
    ? context.store.state.organizations.get(record.organizationId)
    : undefined;
  if (record.organizationId && !organization)
    throw oauthError(403, 'invalid_grant', 'Invalid authorization code');
  return signInTokens(context, {
    user,
    clientId: client.id,
    audience: record.audience,
    scopes: splitScope(record.scope),
    sid: record.sid,
    authTime: record.authTime,
    ...(record.amr ? { amr: record.amr } : {}),
    ...(organization ? { organization } : {}),
    ...(record.nonce ? { nonce: record.nonce } : {}),
    device: deviceOf(request),
  });
}
