import type { WorkspaceSecurity } from '@launchkit/api-contract';
import { eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { requireWorkspaceAccess } from '#api/access/in-workspace.ts';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

/**
 * The requirement of a second factor for the members of a workspace, set by its owner or an admin
 * (workspace.security). The update is
 * announced on `workspace_access` (migration 0010), so every instance checks its open member streams
 * again. Requiring what one has not done oneself is refused: the owner turns it on signed in with a
 * second factor.
 */
export async function setWorkspaceSecurity(
  db: Database,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  setting: WorkspaceSecurity,
): Promise<WorkspaceSecurity> {
  const access = await requireWorkspaceAccess(db, caller, workspace, 'workspace.security');
  if (setting.requiresSecondFactor && !caller.secondFactor) {
    throw new AppError(
      403,
      'workspaces/second-factor-needed-to-require',
      'Sign in with two-factor authentication before you require it of your members: turn it on in Settings → Security, then sign in again with your code.',
    );
  }
  const [row] = await db
    .update(users)
    .set({ requiresSecondFactor: setting.requiresSecondFactor, updatedAt: new Date() })
    .where(eq(users.id, access.workspace))
    .returning({ requiresSecondFactor: users.requiresSecondFactor });
  if (!row) throw new Error(`user ${access.workspace} vanished before changing their workspace's security`);
  return row;
}
