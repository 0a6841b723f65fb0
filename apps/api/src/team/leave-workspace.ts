import type { MemberRole } from '@launchkit/api-contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { isPlausibleWorkspaceId, workspaceNotFound } from '#api/access/authorize-workspace.ts';
import { revokeKeysMadeBy } from '#api/access/revoke-api-keys.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { recordWorkspaceEvent } from '#api/events/record-workspace-event.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';

/**
 * A member leaves: their row goes, so the seat is free for the owner's next add at once. Writes in
 * flight hold the row (authorize-workspace.ts), so the delete waits for them; the row's trigger ends the
 * member's open streams on every instance. The owner's own workspace cannot be left.
 */
export async function leaveWorkspace(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  caller: VerifiedIdentity,
  workspace: string,
): Promise<{ id: string }> {
  if (!isPlausibleWorkspaceId(workspace) || workspace === caller.uid) throw workspaceNotFound();
  return deps.db.transaction(async (tx) => {
    const [left] = await tx
      .delete(subUsers)
      .where(
        and(eq(subUsers.owner, workspace), eq(subUsers.memberId, caller.uid), isNotNull(subUsers.joinedAt)),
      )
      .returning({ id: subUsers.id, email: subUsers.email, role: subUsers.role });
    if (!left) throw workspaceNotFound();
    await recordWorkspaceEvent(tx, {
      workspace,
      actor: caller.uid,
      action: 'member.left',
      subject: left.email,
      event: {
        type: 'member.left',
        data: {
          member: { id: left.id, email: left.email, userId: caller.uid, role: left.role as MemberRole },
          removed: false,
        },
      },
    });
    await revokeKeysMadeBy(tx, { maker: caller.uid, actor: caller.uid, workspace });
    return { id: workspace };
  });
}
