import { eq, sql } from 'drizzle-orm';
import { workspaceAccessChannel } from '#api/access/access-changes.ts';
import { users } from '#api/db/schema.ts';
import { type AuditDeps, audited } from './audited.ts';
import { operatorNotFound } from './operator-errors.ts';
import type { Operator } from './require-operator.ts';

/**
 * Locks (or unlocks) a workspace: its members' requests in it are refused with `workspaces/locked`
 * (access/workspace-lock.ts) from the next one on, on every instance; open live lists are told on
 * `workspace_access`, as a removal tells them, and end.
 */
export function setWorkspaceLock(
  deps: AuditDeps,
  operator: Operator,
  workspace: string,
  change: { isLocked: boolean; reason: string },
): Promise<{ done: true }> {
  const action = change.isLocked ? 'workspace.locked' : 'workspace.unlocked';
  return audited(deps, operator, { action, workspace, reason: change.reason }, async () => {
    const changed = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set(
          change.isLocked
            ? { lockedAt: sql`now()`, lockedReason: change.reason }
            : { lockedAt: null, lockedReason: null },
        )
        .where(eq(users.id, workspace))
        .returning({ id: users.id });
      if (rows.length > 0) await tx.execute(sql`select pg_notify(${workspaceAccessChannel}, ${workspace})`);
      return rows.length;
    });
    if (changed === 0) throw operatorNotFound('workspace');
    return { done: true as const };
  });
}
