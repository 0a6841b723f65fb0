import { type WebhookEndpoint, webhookSecretOverlapHours } from '@launchkit/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import {
  toWebhookEndpoint,
  webhookEndpointColumns,
  webhookEndpointNotFound,
} from './webhook-endpoint-document.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/**
 * A new secret signs from now on; the one it replaces signs too (a second signature) for 24 hours, so
 * receivers switch without missing an event. Rotating again within them drops the oldest at once.
 */
export async function rotateWebhookSecret(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<WebhookEndpoint> {
  return inWorkspace(db, caller, workspace, 'webhooks.manage', async (tx, access) => {
    if (!isUuid(id)) throw webhookEndpointNotFound();
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        previousSecret: sql`${webhookEndpoints.secret}`,
        previousSecretExpiresAt: sql`now() + make_interval(hours => ${webhookSecretOverlapHours})`,
        secret: newWebhookSecret(),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspace, access.workspace)))
      .returning(webhookEndpointColumns);
    if (!row) throw webhookEndpointNotFound();
    return toWebhookEndpoint(row);
  });
}
