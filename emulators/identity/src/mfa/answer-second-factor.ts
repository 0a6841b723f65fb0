import type { IdentityContext } from '#identity/context.ts';
import type { RateLimitState } from '#identity/http/rate-limiter.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { useRecoveryCode, verifyOtp } from './authenticators.ts';

export type SecondFactorAnswer = { otp: string } | { recoveryCode: string };

export type SecondFactorOutcome =
  | { kind: 'locked'; limit: RateLimitState }
  | { kind: 'wrong' }
  /** `nextRecoveryCode`: the recovery code was spent, and this one replaces it. */
  | { kind: 'passed'; nextRecoveryCode: string | null };

/**
 * A person's answer to their second factor, wherever it is asked (the mfa grants, the hosted page):
 * refused while they are locked out, a wrong answer counted against their bucket (Auth0: 10, then one
 * every six minutes), a right one taken once.
 */
export function answerSecondFactor(
  context: IdentityContext,
  user: UserRecord,
  answer: SecondFactorAnswer,
): SecondFactorOutcome {
  const failures = context.secondFactorFailures;
  if (failures.isExhausted(user.userId)) return { kind: 'locked', limit: failures.take(user.userId) };
  const nextRecoveryCode = 'recoveryCode' in answer ? useRecoveryCode(user, answer.recoveryCode) : null;
  const passed = 'recoveryCode' in answer ? nextRecoveryCode !== null : verifyOtp(user, answer.otp);
  if (!passed) {
    failures.take(user.userId);
    return { kind: 'wrong' };
  }
  return { kind: 'passed', nextRecoveryCode };
}
