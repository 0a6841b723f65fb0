import type { ManagementClient } from '#api/auth/management-client.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import { AppError } from '#api/http/app-error.ts';
import { askProvider } from '#api/users/ask-provider.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import type { Operator } from './require-operator.ts';

/**
 * Has the identity provider mail the person a new verification link (its Management API's
 * verification-email job, as the person's own request does), unless the address is verified already.
 */
export function resendVerificationEmail(
  deps: AuditDeps & { management: ManagementClient; identity: IdentityConfig },
  operator: Operator,
  person: string,
  reason: string,
): Promise<{ done: true }> {
  return audited(deps, operator, { action: 'verification-email.sent', person, reason }, async () => {
    // The provider's "no such user" reads as the caller's own account gone (auth/invalid-user-token),
    // which would sign the operator out: here it is the person who is not found.
    const account = await askProvider(deps.identity, () => deps.management.getUser(person)).catch(
      (error: unknown) => {
        throw error instanceof AppError && error.code === 'auth/invalid-user-token'
          ? operatorNotFound('person')
          : error;
      },
    );
    if (account.email_verified) {
      throw new AppError(409, 'auth/email-already-verified', 'This person’s address is verified already.');
    }
    await askProvider(deps.identity, () => deps.management.sendVerificationEmail(person));
    return { done: true as const };
  });
}
