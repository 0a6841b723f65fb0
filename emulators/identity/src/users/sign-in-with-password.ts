import type { IdentityContext } from '#identity/context.ts';
import { sendUnblockEmail } from '#identity/mail/identity-mail.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { clearLoginFailures, isBlockedFrom, recordLoginFailure } from './brute-force.ts';
import { spendPasswordHashTime, verifyPassword } from './password-hash.ts';
import { findDatabaseUser, normalizeEmail, recordLogin } from './user-profile.ts';

/** Auth0's words for a blocked user-and-address pair (429 `too_many_attempts`). */
export const tooManyAttemptsMessage =
  "Your account has been blocked after multiple consecutive login attempts. We've sent you an email with instructions on how to unblock it.";

/**
 * Auth0's same-user login limit counts every attempt (right or wrong) for one user from one address:
 * 20 in a minute, then 10 a minute. Keyed by the name typed, so an unknown email is limited alike.
 */
export const loginAttemptKey = (email: string, ip: string) => `${normalizeEmail(email)} ${ip}`;

/** Auth0's tenant-log words for a limit of one user's calls. */
export const loginLimitMessage =
  "You passed the limit of allowed calls to '/oauth/token' with the same user.";

export type PasswordSignIn =
  | { ok: true; user: UserRecord }
  /** `wrong_credentials` for an unknown email too: the answer never tells whether an account exists. */
  | { ok: false; reason: 'wrong_credentials' | 'too_many_attempts' | 'blocked' };

/**
 * Email + password against the database connection, with Auth0's brute-force protection: the 10th
 * consecutive failure of one user from one address blocks that pair and emails an unblock link;
 * while blocked, that address is refused even the right password. Other addresses are unaffected.
 */
export async function signInWithPassword(
  context: IdentityContext,
  attempt: { email: string; password: string; ip: string },
): Promise<PasswordSignIn> {
  const { state } = context.store;
  const found = findDatabaseUser(state, attempt.email);
  if (!found) {
    await spendPasswordHashTime(attempt.password, context.config.passwordHashCost);
    return { ok: false, reason: 'wrong_credentials' };
  }
  const { user, identity } = found;
  if (isBlockedFrom(state, user.userId, attempt.ip)) return { ok: false, reason: 'too_many_attempts' };

  const matches = await verifyPassword(
    attempt.password,
    identity.passwordHash,
    context.config.passwordHashCost,
  );
  // The user may have been deleted while the hash ran.
  if (state.users.get(user.userId) !== user) return { ok: false, reason: 'wrong_credentials' };
  if (!matches) {
    const { isNowBlocked } = recordLoginFailure(state, user.userId, attempt.ip);
    await context.store.save();
    if (isNowBlocked) await sendUnblockEmail(context, user, attempt.ip, identity.email);
    return { ok: false, reason: 'wrong_credentials' };
  }
  // Auth0 checks the password before saying an administrator blocked the account.
  if (user.blocked) return { ok: false, reason: 'blocked' };
  clearLoginFailures(state, user.userId, attempt.ip);
  recordLogin(user, attempt.ip);
  await context.store.save();
  return { ok: true, user };
}
