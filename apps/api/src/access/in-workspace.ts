import type { Permission } from '@launchkit/api-contract';
import { type PlanLimits, planLimits } from '@launchkit/plans';
import type { Database, Queryable } from '#api/db/database.ts';
import { recordWorkspaceEvent, type WorkspaceHappening } from '#api/events/record-workspace-event.ts';
import {
  type AuthorizeOptions,
  authorizeWorkspace,
  type WorkspaceAccess,
  type WorkspaceCaller,
} from './authorize-workspace.ts';
import { requirePermission } from './require-permission.ts';
import { currentWorkspaceLimits, workspaceWritesExceeded } from './workspace-limits.ts';

/** The transaction a workspace action runs in. */
export type WorkspaceTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** A workspace action's access: the caller's, and the limits of the workspace's plan (docs/limits.md). */
export type WorkspaceActionAccess = WorkspaceAccess & { limits: PlanLimits };

/** Records what the action did, in its transaction, as done by the caller in the workspace. */
export type RecordHappening = (happening: Omit<WorkspaceHappening, 'workspace' | 'actor'>) => Promise<void>;

/**
 * A workspace action (docs/team.md): one transaction in which the caller's access is found
 * (authorizeWorkspace, the membership locked until commit, so a removal or a revocation waits for the
 * action or the action finds it done), `permission` is required of it, and then `action` runs with the
 * transaction, the access and `record`, which writes what it did (its activity entry and event,
 * events/). Whatever the action writes commits with the check, or nothing does. `lockOwnerRow`: the
 * action counts the workspace's rows (a limit).
 *
 * Each action is one of the workspace's changes a minute its plan allows (docs/limits.md), counted once
 * the caller is known to belong there: nobody spends a budget of a workspace they cannot write in.
 * Outside a request (a job) nothing is counted and the free plan's limits apply.
 */
export function inWorkspace<T>(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  permission: Permission,
  action: (tx: WorkspaceTransaction, access: WorkspaceActionAccess, record: RecordHappening) => Promise<T>,
  options: Pick<AuthorizeOptions, 'lockOwnerRow'> = {},
): Promise<T> {
  return db.transaction(async (tx) => {
    const access = await authorizeWorkspace(tx, caller, workspace, { ...options, lock: true });
    requirePermission(access, permission);
    const workspaceLimits = currentWorkspaceLimits();
    const limits =
      workspaceLimits && access.ownerPlan ? workspaceLimits.limitsOf(access.ownerPlan) : planLimits.free;
    if (workspaceLimits) {
      const use = await workspaceLimits.spend('writes', access.workspace, limits.writesPerMinute);
      if (!use.allowed) throw workspaceWritesExceeded(use);
    }
    const record: RecordHappening = (happening) =>
      recordWorkspaceEvent(tx, { workspace: access.workspace, actor: caller.uid, ...happening });
    return action(tx, { ...access, limits }, record);
  });
}

/**
 * A read in a workspace, or the check before work that must not hold a transaction open (a webhook
 * address to resolve): the caller's access with `permission` required, nothing locked.
 */
export async function requireWorkspaceAccess(
  db: Queryable,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  permission: Permission,
): Promise<WorkspaceAccess> {
  const access = await authorizeWorkspace(db, caller, workspace);
  requirePermission(access, permission);
  return access;
}
