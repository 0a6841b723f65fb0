import { checkPassword, type PasswordRule } from '@launchkit/password-policy';
import type { IdentityContext } from '#identity/context.ts';
import type { UserRecord } from '#identity/storage/identity-state.ts';
import { familiesOf, revokeFamily } from '#identity/tokens/refresh-tokens.ts';
import { clearAllLoginFailures } from './brute-force.ts';
import { hashPassword } from './password-hash.ts';
import { databaseIdentityOf } from './user-profile.ts';

export type SetPasswordResult =
  | { ok: true }
  | { ok: false; reason: 'weak_password'; rules: PasswordRule[] }
  | { ok: false; reason: 'no_database_identity' };

/**
 * A new password for the user's database identity, under the configured policy. Like Auth0, a new
 * password lifts the brute-force blocks of the user from every address.
 */
export async function setPassword(
  context: IdentityContext,
  user: UserRecord,
  password: string,
): Promise<SetPasswordResult> {
  if (!databaseIdentityOf(user)) return { ok: false, reason: 'no_database_identity' };
  const check = checkPassword(context.config.passwordPolicy, password);
  if (!check.valid) return { ok: false, reason: 'weak_password', rules: check.rules };
  const passwordHash = await hashPassword(password, context.config.passwordHashCost);
  // Looked up again after the hash: the user may have been linked or deleted meanwhile.
  const identity = databaseIdentityOf(user);
  if (!identity || !context.store.state.users.has(user.userId))
    return { ok: false, reason: 'no_database_identity' };
  identity.passwordHash = passwordHash;
  user.updatedAt = new Date().toISOString();
  clearAllLoginFailures(context.store.state, user.userId);
  await context.store.save();
  return { ok: true };
}

/**
 * After a password reset by the emailed link, nobody stays signed in: every refresh token of the person
 * and the provider's own sign-in sessions end. What the tenant's post-change-password Action does at
 * Auth0 with the Management API (docs/deploy.md; Auth0 itself keeps them): whoever reset the password
 * may be recovering from a stranger's sign-in.
 */
export async function endEverySignIn(context: IdentityContext, userId: string): Promise<void> {
  // Auth0's `last_password_reset`: the sign-ins after it tell the product's API (passwordResetAtClaim).
  const user = context.store.state.users.get(userId);
  if (user) user.lastPasswordReset = new Date().toISOString();
  for (const family of familiesOf(context.store, userId)) await revokeFamily(context.store, family.familyId);
  const { sessions } = context.store.state;
  for (const [key, session] of sessions) if (session.userId === userId) sessions.delete(key);
  await context.store.save();
}
