import { type WebhookEndpoint, webhookSecretOverlapHours } from '@launchkit/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import type { WorkspaceCaller } from '#api/team/authorize-workspace.ts';
import { authorizeWebhooks } from './authorize-webhooks.ts';
import {
  isUuid,
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
  const owner = await authorizeWebhooks(db, caller, workspace);
  if (!isUuid(id)) throw webhookEndpointNotFound();
  const [row] = await db
    .update(webhookEndpoints)
    .set({
      previousSecret: sql`${webhookEndpoints.secret}`,
      previousSecretExpiresAt: sql`now() + make_interval(hours => ${webhookSecretOverlapHours})`,
      secret: newWebhookSecret(),
      updatedAt: sql`now()`,
    })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspace, owner)))
    .returning(webhookEndpointColumns);
  if (!row) throw webhookEndpointNotFound();
  return toWebhookEndpoint(row);
}
