import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '#api/db/database.ts';
import { operatorAudit } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

/** One entry of the operator audit log (db/schema.ts `operator_audit`, docs/operations.md). */
export type OperatorAuditEntry = {
  operator: { uid: string; email: string };
  action: string;
  workspace?: string | null;
  person?: string | null;
  reason?: string | null;
  detail?: Record<string, unknown>;
  impersonationId?: string;
};

const auditUnavailable = () =>
  new AppError(
    503,
    'operators/audit-unavailable',
    'The operator audit log could not be written, so nothing was done. Try again shortly; if it persists, check the database.',
  );

/**
 * Writes the entry before what it records happens (docs/operations.md, "The audit guarantees"): the
 * caller goes on only once this resolves, and whatever stops the write (the database down, a constraint,
 * a revoked privilege) stops the view or action too, answered as `operators/audit-unavailable`. The
 * cause is logged: an operator cannot fix it, whoever runs the database can.
 */
export async function recordOperatorAudit(
  db: Queryable,
  log: FastifyBaseLogger,
  entry: OperatorAuditEntry,
): Promise<string> {
  try {
    const [row] = await db
      .insert(operatorAudit)
      .values({
        operatorId: entry.operator.uid,
        operatorEmail: entry.operator.email,
        action: entry.action,
        workspace: entry.workspace ?? null,
        person: entry.person ?? null,
        reason: entry.reason ?? null,
        detail: entry.detail ?? {},
        impersonationId: entry.impersonationId,
      })
      .returning({ id: operatorAudit.id });
    if (!row) throw new Error('the operator audit insert returned no row');
    return row.id;
  } catch (error) {
    log.error({ err: error, action: entry.action }, 'operator audit write failed: the action is refused');
    throw Object.assign(auditUnavailable(), { cause: error });
  }
}

/**
 * Says how the recorded action ended (`done` or `failed`). The entry exists already, so a failure here
 * is logged and no more: the audit's promise (written before) holds either way.
 */
export async function settleOperatorAudit(
  db: Queryable,
  log: FastifyBaseLogger,
  id: string,
  outcome: 'done' | 'failed',
): Promise<void> {
  try {
    await db.update(operatorAudit).set({ outcome }).where(eq(operatorAudit.id, id));
  } catch (error) {
    log.warn({ err: error, auditId: id, outcome }, 'operator audit outcome not written');
  }
}
