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
 * A person's answer to their second factor, wherever it is asked (the mfa grants, the hosted page): a
 * wrong code counted against their bucket (Auth0's OTP verification limit: 10, then one every six
 * minutes), a right one taken once. While the codes are locked out, the recovery code is still heard:
 * whoever holds the password can keep the codes locked with one wrong code every six minutes, and the
 * recovery code, kept offline and too long to guess (24 characters of 32), is what ends that for the
 * rightful owner (decision 0040). A right recovery code also empties the bucket; a wrong one counts.
 */
export function answerSecondFactor(
  context: IdentityContext,
  user: UserRecord,
  answer: SecondFactorAnswer,
): SecondFactorOutcome {
  const failures = context.secondFactorFailures;
  if ('recoveryCode' in answer) {
    const nextRecoveryCode = useRecoveryCode(user, answer.recoveryCode);
    if (nextRecoveryCode === null) {
      failures.take(user.userId);
      return { kind: 'wrong' };
    }
    failures.reset(user.userId);
    return { kind: 'passed', nextRecoveryCode };
  }
  if (failures.isExhausted(user.userId)) return { kind: 'locked', limit: failures.take(user.userId) };
  if (!verifyOtp(user, answer.otp)) {
    failures.take(user.userId);
    return { kind: 'wrong' };
  }
  return { kind: 'passed', nextRecoveryCode: null };
}
