import { and, eq, isNull, sql } from 'drizzle-orm';
import { impersonations } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import type { Operator } from './require-operator.ts';

/**
 * Ends one of the operator's "view as" sessions: its row says so, and every instance reads the row on
 * the next request made with the grant (caller/impersonation.ts), so it ends everywhere at once.
 */
export function endImpersonation(deps: AuditDeps, operator: Operator, id: string): Promise<{ done: true }> {
  return audited(
    deps,
    operator,
    { action: 'impersonation.ended', detail: { impersonation: id } },
    async () => {
      if (!isUuid(id)) throw operatorNotFound('"view as" session');
      const rows = await deps.db
        .update(impersonations)
        .set({ endedAt: sql`least(now(), ${impersonations.expiresAt})` })
        .where(
          and(
            eq(impersonations.id, id),
            eq(impersonations.operatorId, operator.uid),
            isNull(impersonations.endedAt),
          ),
        )
        .returning({ id: impersonations.id });
      if (rows.length === 0) throw operatorNotFound('"view as" session of yours still open');
      return { done: true as const };
    },
  );
}
