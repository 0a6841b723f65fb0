import { and, eq } from 'drizzle-orm';
import { recordActivity } from '#api/activity/record-activity.ts';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { authorizeWorkspace, type WorkspaceCaller } from '#api/team/authorize-workspace.ts';
import { requirePermission } from '#api/team/require-permission.ts';
import { emitWorkspaceEvent } from '#api/webhooks/emit-event.ts';
import { assertItemId, itemNotFound } from './item-document.ts';

/** Deletes one of the workspace's items and logs it, in one transaction with the authorization. */
export async function deleteItem(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    const access = await authorizeWorkspace(tx, caller, workspace, { lock: true });
    requirePermission(access, 'items.write');
    assertItemId(id);
    const [row] = await tx
      .delete(items)
      .where(and(eq(items.id, id), eq(items.owner, access.workspace)))
      .returning({ id: items.id, name: items.name });
    if (!row) throw itemNotFound();
    await recordActivity(tx, {
      workspace: access.workspace,
      actor: caller.uid,
      action: 'item.deleted',
      subject: row.name,
    });
    await emitWorkspaceEvent(tx, {
      workspace: access.workspace,
      type: 'item.deleted',
      data: { item: { id: row.id, name: row.name } },
    });
    return { id: row.id };
  });
}
