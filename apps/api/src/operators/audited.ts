import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import {
  type OperatorAuditEntry,
  recordOperatorAudit,
  settleOperatorAudit,
} from '#api/events/operator-audit.ts';
import type { Operator } from './require-operator.ts';

export type AuditDeps = { db: Database; log: FastifyBaseLogger };

/**
 * Every view and action of the back office goes through here: the audit entry is written first (no
 * entry, no action: recordOperatorAudit refuses with operators/audit-unavailable), then `run`, then the
 * entry says whether it was done.
 */
export async function audited<T>(
  deps: AuditDeps,
  operator: Operator,
  entry: Omit<OperatorAuditEntry, 'operator'>,
  run: () => Promise<T>,
): Promise<T> {
  const id = await recordOperatorAudit(deps.db, deps.log, { ...entry, operator });
  try {
    const result = await run();
    await settleOperatorAudit(deps.db, deps.log, id, 'done');
    return result;
  } catch (error) {
    await settleOperatorAudit(deps.db, deps.log, id, 'failed');
    throw error;
  }
}
