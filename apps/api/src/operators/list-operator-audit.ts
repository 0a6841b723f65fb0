import type { AuditEntry } from '@launchkit/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { operatorAudit } from '#api/db/schema.ts';

/** The operator audit log, newest first, at most 200 entries; with `workspace`, that workspace's only. */
export async function listOperatorAudit(db: Database, workspace: string | undefined): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(operatorAudit)
    .where(workspace === undefined ? undefined : eq(operatorAudit.workspace, workspace))
    .orderBy(desc(operatorAudit.createdAt), desc(operatorAudit.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    operatorEmail: row.operatorEmail,
    action: row.action,
    workspace: row.workspace,
    person: row.person,
    reason: row.reason,
    detail: row.detail as Record<string, unknown>,
    outcome: row.outcome as AuditEntry['outcome'],
    createdAt: row.createdAt.toISOString(),
  }));
}
