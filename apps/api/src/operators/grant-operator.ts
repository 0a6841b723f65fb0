import { operators } from '#api/db/schema.ts';
import { type AuditDeps, audited } from './audited.ts';
import type { Operator } from './require-operator.ts';

/**
 * Makes an address an operator's, as OPERATOR_EMAILS would (docs/operations.md): only an operator
 * grants it, and the back office still asks that the address be verified and signed in with a second
 * factor. Granting an address that has it already changes nothing.
 */
export function grantOperator(
  deps: AuditDeps,
  operator: Operator,
  request: { email: string; reason: string },
): Promise<{ done: true }> {
  const entry = { action: 'operator.granted', reason: request.reason, detail: { email: request.email } };
  return audited(deps, operator, entry, async () => {
    await deps.db
      .insert(operators)
      .values({
        email: request.email,
        grantedBy: operator.uid,
        grantedByEmail: operator.email,
        reason: request.reason,
      })
      .onConflictDoNothing();
    return { done: true as const };
  });
}
