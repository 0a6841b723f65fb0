import { and, eq, isNotNull } from 'drizzle-orm';
import { recordActivity } from '#api/activity/record-activity.ts';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { isPlausibleWorkspaceId, workspaceNotFound } from './authorize-workspace.ts';

/**
 * A member leaves: their row goes, so the seat is free for the owner's next add at once. Writes in
 * flight hold the row (authorize-workspace.ts), so the delete waits for them; the row's trigger ends the
 * member's open streams on every instance. The owner's own workspace cannot be left.
 */
export async function leaveWorkspace(
  db: Database,
  caller: VerifiedIdentity,
  workspace: string,
): Promise<{ id: string }> {
  if (!isPlausibleWorkspaceId(workspace) || workspace === caller.uid) throw workspaceNotFound();
  return db.transaction(async (tx) => {
    const [left] = await tx
      .delete(subUsers)
      .where(
        and(eq(subUsers.owner, workspace), eq(subUsers.memberId, caller.uid), isNotNull(subUsers.joinedAt)),
      )
      .returning({ email: subUsers.email });
    if (!left) throw workspaceNotFound();
    await recordActivity(tx, { workspace, actor: caller.uid, action: 'member.left', subject: left.email });
    return { id: workspace };
  });
}
