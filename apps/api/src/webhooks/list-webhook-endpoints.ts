import type { WebhookDelivery, WebhookEndpoint } from '@launchkit/api-contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { webhookDeliveries, webhookEndpoints } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import {
  toWebhookDelivery,
  toWebhookEndpoint,
  webhookDeliveryColumns,
  webhookEndpointColumns,
  webhookEndpointNotFound,
} from './webhook-endpoint-document.ts';

// The log shows the latest; older rows stay (no retention rule clears them yet: docs/webhooks.md).
const deliveriesShown = 50;

export async function listWebhookEndpoints(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
): Promise<WebhookEndpoint[]> {
  const { workspace: owner } = await requireWorkspaceAccess(db, caller, workspace, 'webhooks.manage');
  const rows = await db
    .select(webhookEndpointColumns)
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspace, owner))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toWebhookEndpoint);
}

/** The endpoint's delivery log, newest first. */
export async function listWebhookDeliveries(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  endpointId: string,
): Promise<WebhookDelivery[]> {
  const { workspace: owner } = await requireWorkspaceAccess(db, caller, workspace, 'webhooks.manage');
  if (!isUuid(endpointId)) throw webhookEndpointNotFound();
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.workspace, owner)));
  if (!endpoint) throw webhookEndpointNotFound();
  const rows = await db
    .select(webhookDeliveryColumns)
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(deliveriesShown);
  return rows.map(toWebhookDelivery);
}
