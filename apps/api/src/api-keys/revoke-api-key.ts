import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { revokeApiKeys } from '#api/access/revoke-api-keys.ts';
import { apiKeyNotFound } from '#api/caller/api-key-errors.ts';
import type { Database } from '#api/db/database.ts';
import { apiKeys } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';

/**
 * Revokes one of the workspace's keys (`api-keys.manage`; access/revoke-api-keys.ts). A write of the
 * key under way holds its row (FOR SHARE, authorize-workspace.ts), so this waits for it, and every
 * request that starts after the commit finds the key revoked, on every instance: each reads the key
 * from the database.
 */
export async function revokeApiKey(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return inWorkspace(db, caller, workspace, 'api-keys.manage', async (tx, access) => {
    if (!isUuid(id)) throw apiKeyNotFound();
    const which = and(eq(apiKeys.id, id), eq(apiKeys.workspace, access.workspace));
    const [revoked] = await revokeApiKeys(tx, which, caller.uid);
    if (!revoked) throw apiKeyNotFound();
    return { id: revoked.id };
  });
}
