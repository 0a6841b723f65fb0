import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { webhookEndpointNotFound } from './webhook-endpoint-document.ts';

/** Removes an endpoint with its log (the deliveries' rows cascade); jobs still queued find no row. */
export async function deleteWebhookEndpoint(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return inWorkspace(db, caller, workspace, 'webhooks.manage', async (tx, access) => {
    if (!isUuid(id)) throw webhookEndpointNotFound();
    const [row] = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspace, access.workspace)))
      .returning({ id: webhookEndpoints.id });
    if (!row) throw webhookEndpointNotFound();
    return row;
  });
}
