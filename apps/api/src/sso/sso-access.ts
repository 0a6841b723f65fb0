import type { SingleSignOn } from '@launchkit/api-contract';
import { canUseSingleSignOn } from '@launchkit/plans';
import { eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import {
  inWorkspace,
  type RecordHappening,
  requireWorkspaceAccess,
  type WorkspaceActionAccess,
  type WorkspaceTransaction,
} from '#api/access/in-workspace.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { users, workspaceSso } from '#api/db/schema.ts';
import { type PlanColumns, planColumns, planStatusOf } from '#api/plans/plan-status.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { noConnection, planRequired } from './sso-errors.ts';
import { readSsoSettings, type SsoViewDeps } from './sso-settings.ts';

const requirePlan = (plan: PlanColumns | undefined, plans: PlanCatalogue) => {
  if (!plan || !canUseSingleSignOn(planStatusOf(plan, plans))) throw planRequired();
};

/**
 * The check inside a change's transaction (inWorkspace), on the owner's plan columns that authorization
 * read while locking their row: a plan change waits for the change or the change sees it (decision 0039).
 */
export const requireSsoPlan = (access: WorkspaceActionAccess, plans: PlanCatalogue) =>
  requirePlan(access.ownerPlan, plans);

/**
 * The check before the identity provider is asked (nothing locked: no transaction stays open across
 * the provider's answer): the owner (`sso.manage`) on a plan with single sign-on. The change's own
 * transaction checks the plan again.
 */
export async function precheckSsoChange(
  deps: { db: Queryable; plans: PlanCatalogue },
  caller: WorkspaceCaller,
  workspace: string | undefined,
): Promise<string> {
  const access = await requireWorkspaceAccess(deps.db, caller, workspace, 'sso.manage');
  const [owner] = await deps.db.select(planColumns).from(users).where(eq(users.id, access.workspace));
  requirePlan(owner, deps.plans);
  return access.workspace;
}

/**
 * The start of a change to a saved connection, inside its transaction: the plan checked, then the
 * workspace's settings locked so that two changes apply one after the other; none saved is an error.
 */
export async function lockSsoConnection(
  tx: WorkspaceTransaction,
  access: WorkspaceActionAccess,
  plans: PlanCatalogue,
) {
  requireSsoPlan(access, plans);
  const [row] = await tx
    .select()
    .from(workspaceSso)
    .where(eq(workspaceSso.workspace, access.workspace))
    .for('update');
  if (!row?.connectionName) throw noConnection();
  // Spelled out so the type says what the check proved: a connection is saved.
  return { ...row, connectionName: row.connectionName };
}

/**
 * A change of the settings by the owner (`sso.manage`), in one transaction with its log entries; then
 * the settings as they are after it, read once the transaction committed.
 */
export async function changeSsoSettings(
  deps: SsoViewDeps & { db: Database },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  change: (tx: WorkspaceTransaction, access: WorkspaceActionAccess, record: RecordHappening) => Promise<void>,
): Promise<SingleSignOn> {
  const target = await inWorkspace(deps.db, caller, workspace, 'sso.manage', async (tx, access, record) => {
    await change(tx, access, record);
    return access.workspace;
  });
  return readSsoSettings(deps.db, target, deps);
}
