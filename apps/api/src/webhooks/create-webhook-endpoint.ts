import type { CreateWebhookEndpointRequest, WebhookEndpoint } from '@launchkit/api-contract';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { checkEndpointUrl } from './check-endpoint-url.ts';
import { changeEndpoints, requireDistinctUrl, requireEndpointRoom } from './endpoint-rules.ts';
import { toWebhookEndpoint, webhookEndpointColumns } from './webhook-endpoint-document.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import type { TargetPolicy } from './webhook-targets.ts';

/**
 * Registers an endpoint with a new secret, within the plan's number and for an address the workspace
 * has no endpoint for yet; the owner's row is locked for the checks and the insert (endpoint-rules.ts).
 */
export async function createWebhookEndpoint(
  deps: { db: Database; targets: TargetPolicy },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  request: CreateWebhookEndpointRequest,
): Promise<WebhookEndpoint> {
  // Authorized before the address is resolved: only the workspace's admins learn what it resolves to.
  await requireWorkspaceAccess(deps.db, caller, workspace, 'webhooks.manage');
  const url = await checkEndpointUrl(request.url, deps.targets);
  const row = await changeEndpoints(deps.db, caller, workspace, async (tx, access) => {
    const owner = access.workspace;
    await requireDistinctUrl(tx, owner, url);
    await requireEndpointRoom(tx, owner, access.limits);
    const inserted = writtenRow(
      await tx
        .insert(webhookEndpoints)
        .values({
          workspace: owner,
          url,
          description: request.description ?? '',
          events: request.events,
          secret: newWebhookSecret(),
        })
        .returning(webhookEndpointColumns),
      'the webhook endpoint insert',
    );
    return inserted;
  });
  return toWebhookEndpoint(row);
}
