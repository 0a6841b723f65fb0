import { type PlanLimits, planLimits } from '@launchkit/plans';
import { and, count, eq, ne } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import {
  inWorkspace,
  type WorkspaceActionAccess,
  type WorkspaceTransaction,
} from '#api/access/in-workspace.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { webhookEndpoints } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

/**
 * A change to the workspace's endpoints by its owner or an admin, with the owner's row locked until it
 * commits (inWorkspace's lockOwnerRow): both rules below count the workspace's endpoints, and two
 * concurrent changes must never both pass them.
 */
export const changeEndpoints = <T>(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  action: (tx: WorkspaceTransaction, access: WorkspaceActionAccess) => Promise<T>,
) => inWorkspace(db, caller, workspace, 'webhooks.manage', action, { lockOwnerRow: true });

/** Refuses a new endpoint beyond the plan's number, naming it; "upgrade" only when a plan has more. */
export async function requireEndpointRoom(tx: Queryable, owner: string, limits: PlanLimits) {
  const [held] = await tx
    .select({ endpoints: count() })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspace, owner));
  const limit = limits.webhookEndpoints;
  if ((held?.endpoints ?? 0) < limit) return;
  const canUpgrade = Object.values(planLimits).some((plan) => plan.webhookEndpoints > limit);
  const endpoints = limit === 1 ? 'one webhook endpoint' : `${limit} webhook endpoints`;
  throw new AppError(
    409,
    'webhooks/endpoint-limit',
    `This workspace’s plan allows ${endpoints}. Remove one to add another${canUpgrade ? ', or upgrade the plan for more' : ''}.`,
  );
}

/**
 * Refuses a second endpoint for an address the workspace has already (`url` as the address check
 * normalized it): each event goes once to each address, so endpoints cannot multiply what one write
 * sends to one receiver. `except`: the endpoint being changed.
 */
export async function requireDistinctUrl(tx: Queryable, owner: string, url: string, except?: string) {
  const [same] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.workspace, owner),
        eq(webhookEndpoints.url, url),
        ...(except ? [ne(webhookEndpoints.id, except)] : []),
      ),
    )
    .limit(1);
  if (!same) return;
  throw new AppError(
    409,
    'webhooks/endpoint-exists',
    'This workspace has an endpoint for this address already. Change that one’s events instead.',
    { url: 'This workspace has an endpoint for this address already.' },
  );
}
