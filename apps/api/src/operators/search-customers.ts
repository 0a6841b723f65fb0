import type { Customer } from '@launchkit/api-contract';
import { eq, ilike, or } from 'drizzle-orm';
import { users } from '#api/db/schema.ts';
import { type AuditDeps, audited } from './audited.ts';
import type { Operator } from './require-operator.ts';

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Customers by email, workspace name (a workspace is named for its owner) or the payment provider's
 * customer id, at most 20. A search shows customers' data, so it is audited like any view.
 */
export function searchCustomers(deps: AuditDeps, operator: Operator, q: string): Promise<Customer[]> {
  return audited(deps, operator, { action: 'customers.searched', detail: { q } }, async () => {
    const rows = await deps.db
      .select({
        workspace: users.id,
        email: users.email,
        name: users.name,
        customerId: users.stripeCustomerId,
        subscriptionStatus: users.stripeSubscriptionStatus,
        lockedAt: users.lockedAt,
      })
      .from(users)
      .where(
        or(
          ilike(users.email, containing(q)),
          ilike(users.name, containing(q)),
          eq(users.stripeCustomerId, q),
          eq(users.id, q),
        ),
      )
      .orderBy(users.email)
      .limit(20);
    return rows.map(({ lockedAt, ...row }) => ({ ...row, locked: lockedAt !== null }));
  });
}
