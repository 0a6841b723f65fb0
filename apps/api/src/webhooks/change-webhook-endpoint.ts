import type { ChangeWebhookEndpointRequest, WebhookEndpoint } from '@launchkit/api-contract';
import { and, eq, sql } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { checkEndpointUrl } from './check-endpoint-url.ts';
import { changeEndpoints, requireDistinctUrl } from './endpoint-rules.ts';
import {
  toWebhookEndpoint,
  webhookEndpointColumns,
  webhookEndpointNotFound,
} from './webhook-endpoint-document.ts';
import type { TargetPolicy } from './webhook-targets.ts';

/**
 * Changes what is given; turning an endpoint on again forgets its failures (it gets a fresh day), and
 * an admin turning it off says so. A new address must be one the workspace has no other endpoint for.
 */
export async function changeWebhookEndpoint(
  deps: { db: Database; targets: TargetPolicy },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
  change: ChangeWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  // Checked outside a transaction: none stays open while the new address is resolved.
  await requireWorkspaceAccess(deps.db, caller, workspace, 'webhooks.manage');
  const url = change.url === undefined ? undefined : await checkEndpointUrl(change.url, deps.targets);
  if (!isUuid(id)) throw webhookEndpointNotFound();
  const row = await changeEndpoints(deps.db, caller, workspace, async (tx, access) => {
    const owner = access.workspace;
    if (url !== undefined) await requireDistinctUrl(tx, owner, url, id);
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined && { url }),
        ...(change.events && { events: change.events }),
        ...(change.description !== undefined && { description: change.description }),
        ...(change.enabled === true && { enabled: true, disabledReason: null, failingSince: null }),
        ...(change.enabled === false && { enabled: false, disabledReason: 'Turned off by an admin.' }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspace, owner)))
      .returning(webhookEndpointColumns);
    return changed;
  });
  if (!row) throw webhookEndpointNotFound();
  return toWebhookEndpoint(row);
}
