import type { IdentityContext } from '#identity/context.ts';
import { HttpError, oauthError } from '#identity/http/http-error.ts';
import { rateLimitHeaders } from '#identity/http/rate-limiter.ts';
import { requiredParam } from '#identity/http/request-params.ts';
import type { Device } from '#identity/tokens/refresh-tokens.ts';
import { splitScope } from '#identity/tokens/scopes.ts';
import { signInTokens } from '#identity/tokens/sign-in-tokens.ts';
import { answerSecondFactor } from './answer-second-factor.ts';
import { findMfaToken, spendMfaToken } from './mfa-tokens.ts';

export const mfaOtpGrant = 'http://auth0.com/oauth/grant-type/mfa-otp';
export const mfaRecoveryCodeGrant = 'http://auth0.com/oauth/grant-type/mfa-recovery-code';

/**
 * Auth0's answer to a first factor that passed when a second is owed. `mfa_requirements` says what the
 * person can do next: be challenged with a factor they have, or enrol one (the emulator's factor is an
 * authenticator app, `otp`).
 */
export const mfaRequired = (mfaToken: string, enrolled: boolean) =>
  new HttpError(403, {
    error: 'mfa_required',
    error_description: 'Multifactor authentication required',
    mfa_token: mfaToken,
    mfa_requirements: enrolled ? { challenge: [{ type: 'otp' }] } : { enroll: [{ type: 'otp' }] },
  });

export const tooManySecondFactorAttempts = 'Too many failed attempts. Try again later.';

/** Finds the person an mfa_token stands for, as Auth0 refuses a token that is expired, unknown or another client's. */
export function mfaTokenOwner(context: IdentityContext, mfaToken: string, clientId?: string) {
  const lookup = findMfaToken(context.store, mfaToken);
  if (lookup.status === 'expired') throw oauthError(403, 'expired_token', 'mfa_token is expired');
  const record = lookup.status === 'valid' ? lookup.record : undefined;
  const user = record && context.store.state.users.get(record.userId);
  if (!record || !user || (clientId !== undefined && record.clientId !== clientId)) {
    throw oauthError(403, 'invalid_grant', 'Malformed mfa_token');
  }
  return { record, user };
}

/**
 * /oauth/token with the mfa-otp or mfa-recovery-code grant: the sign-in an `mfa_required` answer
 * stopped is completed with the second factor (answerSecondFactor); the token completes one sign-in
 * only.
 */
export async function secondFactorGrant(
  context: IdentityContext,
  clientId: string,
  params: Record<string, unknown>,
  grantType: string,
  device: Device,
) {
  const mfaToken = requiredParam(params, 'mfa_token');
  const isRecovery = grantType === mfaRecoveryCodeGrant;
  const code = requiredParam(params, isRecovery ? 'recovery_code' : 'otp');
  const { record, user } = mfaTokenOwner(context, mfaToken, clientId);
  if (user.blocked) throw oauthError(401, 'unauthorized', 'user is blocked');

  const outcome = answerSecondFactor(context, user, isRecovery ? { recoveryCode: code } : { otp: code });
  if (outcome.kind === 'locked') {
    throw new HttpError(
      429,
      { error: 'too_many_attempts', error_description: tooManySecondFactorAttempts },
      rateLimitHeaders(outcome.limit),
    );
  }
  if (outcome.kind === 'wrong') {
    throw oauthError(403, 'invalid_grant', isRecovery ? 'Invalid recovery code.' : 'Invalid otp_code.');
  }
  spendMfaToken(context.store, mfaToken);
  await context.store.save();
  const tokens = await signInTokens(context, {
    user,
    clientId,
    audience: record.audience,
    scopes: splitScope(record.scope),
    sid: record.sid,
    grantType: 'mfa',
    amr: ['mfa'],
    device,
  });
  return outcome.nextRecoveryCode ? { ...tokens, recovery_code: outcome.nextRecoveryCode } : tokens;
}
