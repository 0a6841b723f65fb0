import type { MemberRole } from '@launchkit/api-contract';
import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { requirePermission } from '#api/access/require-permission.ts';
import { revokeKeysMadeBy } from '#api/access/revoke-api-keys.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { readMember } from './list-members.ts';
import { assertMemberRecordId, type Member, memberNotFound } from './member-document.ts';
import { roleChangeHappening } from './member-happenings.ts';

/**
 * Gives a member (joined or invited) another role: the owner any role below owner, an admin only roles
 * below admin, and never to or from admin (admins.manage). The owner is no row here, so nobody changes
 * the owner's role: that takes a transfer. The activity log records the change with the role before.
 * and the workspace's webhook endpoints subscribed to `member.role_changed` get the event, both in the
 * transaction of the change. A change to the role they already have changes nothing and records nothing.
 */
export async function changeMemberRole(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
  role: MemberRole,
): Promise<Member> {
  const { db } = deps;
  const ownerId = await inWorkspace(db, caller, workspace, 'members.manage', async (tx, access, record) => {
    assertMemberRecordId(id);
    const [row] = await tx
      .select({ role: subUsers.role, email: subUsers.email, memberId: subUsers.memberId })
      .from(subUsers)
      .where(and(eq(subUsers.id, id), eq(subUsers.owner, access.workspace)))
      .for('update');
    if (!row) throw memberNotFound();
    if (row.role === 'admin' || role === 'admin') requirePermission(access, 'admins.manage');
    if (row.role !== role) {
      await tx.update(subUsers).set({ role }).where(eq(subUsers.id, id));
      await record(roleChangeHappening({ ...row, id }, row.role, role));
      // Only admins manage keys: one who is no longer an admin keeps none they made.
      if (row.role === 'admin' && row.memberId) {
        await revokeKeysMadeBy(tx, { maker: row.memberId, actor: caller.uid, workspace: access.workspace });
      }
    }
    return access.workspace;
  });
  const member = await readMember(db, ownerId, id);
  if (!member) throw memberNotFound(); // removed in the moment since
  return member;
}
