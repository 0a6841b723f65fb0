import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { assertItemId, itemNotFound } from './item-document.ts';

/** Deletes one of the workspace's items and logs it, in one transaction with the authorization. */
export async function deleteItem(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return inWorkspace(deps.db, caller, workspace, 'items.write', async (tx, access, record) => {
    assertItemId(id);
    const [row] = await tx
      .delete(items)
      .where(and(eq(items.id, id), eq(items.owner, access.workspace)))
      .returning({ id: items.id, name: items.name });
    if (!row) throw itemNotFound();
    await record({
      action: 'item.deleted',
      subject: row.name,
      event: { type: 'item.deleted', data: { item: { id: row.id, name: row.name } } },
    });
    return { id: row.id };
  });
}
