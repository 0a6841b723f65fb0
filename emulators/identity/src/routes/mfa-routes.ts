import { registerRoutes } from '@launchkit/emulator-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '#identity/context.ts';
import { oauthError } from '#identity/http/http-error.ts';
import { bodyRecord, optionalParam } from '#identity/http/request-params.ts';
import { associateOtp, authenticatorsOf, removeAuthenticator } from '#identity/mfa/authenticators.ts';
import { otpUri } from '#identity/mfa/one-time-password.ts';
import { mfaTokenOwner } from '#identity/mfa/second-factor-grant.ts';
import type { Authenticator, UserRecord } from '#identity/storage/identity-state.ts';
import { bearerToken, InvalidTokenError, verifyToken } from '#identity/tokens/verify-token.ts';

/** Who calls the MFA API: with an mfa_token (mid sign-in) or an access token for `${issuer}mfa/`. */
type MfaCaller = { user: UserRecord; scopes: string[] | 'mfa_token' };

const unauthorized = (description: string) => oauthError(401, 'invalid_token', description);

/** Auth0's list entry of GET /mfa/authenticators. */
const listed = (factor: Authenticator) =>
  factor.type === 'otp'
    ? { id: factor.id, authenticator_type: 'otp', active: factor.confirmed }
    : { id: factor.id, authenticator_type: 'recovery-code', active: true };

async function callerOf(context: IdentityContext, request: FastifyRequest): Promise<MfaCaller> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized('Missing authorization header');
  if (token.split('.').length !== 3) return { user: mfaTokenOwner(context, token).user, scopes: 'mfa_token' };
  try {
    const verified = await verifyToken(context, token, context.urls.mfaAudience);
    const user = context.store.state.users.get(verified.sub);
    if (!user) throw unauthorized('The user does not exist.');
    return { user, scopes: verified.scopes };
  } catch (error) {
    if (error instanceof InvalidTokenError) throw unauthorized(error.message);
    throw error;
  }
}

/** The caller, who may use `scope`: an mfa_token may list and enrol; removing needs an access token carrying the scope. */
async function callerWithScope(context: IdentityContext, request: FastifyRequest, scope: string) {
  const caller = await callerOf(context, request);
  if (caller.scopes === 'mfa_token' ? scope === 'remove:authenticators' : !caller.scopes.includes(scope)) {
    throw oauthError(403, 'insufficient_scope', `Insufficient scope, expected: ${scope}`);
  }
  return caller;
}

async function associateAuthenticator(context: IdentityContext, request: FastifyRequest) {
  const caller = await callerWithScope(context, request, 'enroll');
  const types = bodyRecord(request.body).authenticator_types;
  if (!Array.isArray(types) || types.length !== 1 || types[0] !== 'otp') {
    throw oauthError(
      400,
      'unsupported_challenge_type',
      'The emulator associates authenticator_types ["otp"] only.',
    );
  }
  const association = associateOtp(caller.user);
  if (!association) throw oauthError(403, 'access_denied', 'User is already enrolled.');
  await context.store.save();
  request.log.info({ userId: caller.user.userId }, 'otp authenticator associated');
  return {
    authenticator_type: 'otp',
    secret: association.secret,
    // Auth0 names the tenant as the issuer; the emulator names its host.
    barcode_uri: otpUri(association.secret, new URL(context.urls.issuer).host, caller.user.email),
    ...(association.recoveryCode ? { recovery_codes: [association.recoveryCode] } : {}),
  };
}

async function listAuthenticators(context: IdentityContext, request: FastifyRequest) {
  const caller = await callerWithScope(context, request, 'read:authenticators');
  return authenticatorsOf(caller.user).map(listed);
}

async function deleteAuthenticator(
  context: IdentityContext,
  request: FastifyRequest<{ Params: { id: string } }>,
  reply: FastifyReply,
) {
  const caller = await callerWithScope(context, request, 'remove:authenticators');
  if (!removeAuthenticator(caller.user, request.params.id)) {
    throw oauthError(404, 'not_found', 'Authenticator not found.');
  }
  await context.store.save();
  request.log.info({ userId: caller.user.userId }, 'authenticator removed');
  return reply.status(204).send();
}

/** With an authenticator app the code is already on the person's phone: the challenge only names it. */
async function challenge(context: IdentityContext, request: FastifyRequest) {
  const params = bodyRecord(request.body);
  const mfaToken = optionalParam(params, 'mfa_token');
  if (!mfaToken) throw oauthError(400, 'invalid_request', 'Missing required parameter: mfa_token');
  mfaTokenOwner(context, mfaToken, optionalParam(params, 'client_id'));
  const challengeType = optionalParam(params, 'challenge_type') ?? 'otp';
  if (!challengeType.split(' ').includes('otp')) {
    throw oauthError(400, 'unsupported_challenge_type', 'The emulator challenges with otp only.');
  }
  return { challenge_type: 'otp' };
}

/**
 * Auth0's MFA API for one's own second factors (Authentication API › Multi-factor Authentication):
 * associate an authenticator app, list and remove authenticators, start a challenge. Docs:
 * auth0.com/docs/secure/multi-factor-authentication/authenticate-using-ropg-flow-with-mfa.
 */
export function registerMfaRoutes(app: FastifyInstance, context: IdentityContext) {
  registerRoutes(app, context, {
    'POST /mfa/associate': associateAuthenticator,
    'GET /mfa/authenticators': listAuthenticators,
    'DELETE /mfa/authenticators/:id': deleteAuthenticator,
    'POST /mfa/challenge': challenge,
  });
}
