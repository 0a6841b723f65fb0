import type { MemberRole } from '@launchkit/api-contract';
import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { requirePermission } from '#api/access/require-permission.ts';
import { revokeKeysMadeBy } from '#api/access/revoke-api-keys.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { assertMemberRecordId, memberNotFound } from './member-document.ts';
import { removalHappening } from './member-happenings.ts';

/**
 * Withdraws an invitation or removes a member, by the owner or an admin (members.manage; an admin's
 * row only by the owner: admins.manage): the row goes, so its seat is free for the next add at once,
 * and its link answers "not found". A member's writes in flight hold the row (FOR SHARE, see
 * authorize-workspace.ts), so the delete waits for them and none starts after it; the row's trigger
 * announces the change, and every instance ends the member's open streams.
 */
export async function removeMember(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<{ id: string }> {
  return inWorkspace(deps.db, caller, workspace, 'members.manage', async (tx, access, record) => {
    assertMemberRecordId(id);
    const [target] = await tx
      .select({ role: subUsers.role })
      .from(subUsers)
      .where(and(eq(subUsers.id, id), eq(subUsers.owner, access.workspace)))
      .for('update');
    if (!target) throw memberNotFound();
    if (target.role === 'admin') requirePermission(access, 'admins.manage');
    const [removed] = await tx
      .delete(subUsers)
      .where(eq(subUsers.id, id))
      .returning({ id: subUsers.id, email: subUsers.email, memberId: subUsers.memberId });
    if (!removed) throw memberNotFound();
    await record(removalHappening(removed, target.role as MemberRole));
    if (removed.memberId) {
      await revokeKeysMadeBy(tx, { maker: removed.memberId, actor: caller.uid, workspace: access.workspace });
    }
    return { id: removed.id };
  });
}
