import { and, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import type { WorkspaceCaller } from '#api/team/authorize-workspace.ts';
import { authorizeWebhooks } from './authorize-webhooks.ts';
import { isUuid, webhookEndpointNotFound } from './webhook-endpoint-document.ts';

/** Removes an endpoint with its log (the deliveries' rows cascade); jobs still queued find no row. */
export async function deleteWebhookEndpoint(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  const owner = await authorizeWebhooks(db, caller, workspace);
  if (!isUuid(id)) throw webhookEndpointNotFound();
  const [row] = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspace, owner)))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw webhookEndpointNotFound();
  return row;
}
