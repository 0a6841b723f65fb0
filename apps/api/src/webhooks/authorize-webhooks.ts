import type { Queryable, WorkspaceCaller } from '#api/team/authorize-workspace.ts';
import { authorizeWorkspace } from '#api/team/authorize-workspace.ts';
import { requirePermission } from '#api/team/require-permission.ts';

/** The workspace whose webhooks the caller manages: its owner or an admin, signed in (no API key). */
export async function authorizeWebhooks(
  db: Queryable,
  caller: WorkspaceCaller,
  workspace: string | undefined,
) {
  const access = await authorizeWorkspace(db, caller, workspace);
  requirePermission(access, 'webhooks.manage');
  return access.workspace;
}
