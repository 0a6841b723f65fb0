import { and, eq, isNull, sql } from 'drizzle-orm';
import { workspaceAccessChannel } from '#api/access/access-changes.ts';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { apiKeyNotFound } from '#api/caller/api-key-errors.ts';
import type { Database } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';

/**
 * Revokes one of the workspace's keys (`api-keys.manage`). The row stays, marked revoked, so the key's
 * next request is told it was revoked rather than that it never existed. A write of the key under way
 * holds its row (FOR SHARE, authorize-workspace.ts), so this waits for it, and every request that
 * starts after the commit finds the key revoked, on every instance: each reads the key from the
 * database. The workspace's access is announced, so open live lists of the key end too.
 */
export async function revokeApiKey(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return inWorkspace(db, caller, workspace, 'api-keys.manage', async (tx, access, record) => {
    if (!isUuid(id)) throw apiKeyNotFound();
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.workspace, access.workspace), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!revoked) throw apiKeyNotFound();
    await record({
      action: 'api-key.revoked',
      subject: revoked.name,
    });
    await tx.execute(sql`select pg_notify(${workspaceAccessChannel}, ${access.workspace})`);
    return { id: revoked.id };
  });
}
