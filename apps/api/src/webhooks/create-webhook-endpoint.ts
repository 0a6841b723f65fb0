import {
  type CreateWebhookEndpointRequest,
  type WebhookEndpoint,
  webhookEndpointsPerWorkspace,
} from '@launchkit/api-contract';
import { count, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace, requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { users, webhookEndpoints } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import { checkEndpointUrl } from './check-endpoint-url.ts';
import { toWebhookEndpoint, webhookEndpointColumns } from './webhook-endpoint-document.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import type { TargetPolicy } from './webhook-targets.ts';

/**
 * Registers an endpoint with a new secret. The owner's row is locked for the count and the insert, so
 * concurrent registrations never pass the limit (as items do, items/create-item.ts).
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
  const row = await inWorkspace(deps.db, caller, workspace, 'webhooks.manage', async (tx, access) => {
    const owner = access.workspace;
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner)).for('no key update');
    const [held] = await tx
      .select({ endpoints: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspace, owner));
    if ((held?.endpoints ?? 0) >= webhookEndpointsPerWorkspace) {
      throw new AppError(
        409,
        'webhooks/endpoint-limit',
        `A workspace has at most ${webhookEndpointsPerWorkspace} webhook endpoints. Remove one to add another.`,
      );
    }
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
