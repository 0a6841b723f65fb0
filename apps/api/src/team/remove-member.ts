import { and, eq } from 'drizzle-orm';
import { recordActivity } from '#api/activity/record-activity.ts';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { assertMemberRecordId, memberNotFound } from './member-document.ts';

/**
 * Withdraws an invitation or removes a member: the row goes, so its seat is free for the next add at
 * once, and its link answers "not found". A member's writes in flight hold the row (FOR SHARE, see
 * authorize-workspace.ts), so the delete waits for them and none starts after it; the row's trigger
 * announces the change, and every instance ends the member's open streams.
 */
export async function removeMember(
  db: Database,
  caller: VerifiedIdentity,
  id: string,
): Promise<{ id: string }> {
  assertMemberRecordId(id);
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(subUsers)
      .where(and(eq(subUsers.id, id), eq(subUsers.owner, caller.uid)))
      .returning({ id: subUsers.id, email: subUsers.email, memberId: subUsers.memberId });
    if (!removed) throw memberNotFound();
    await recordActivity(tx, {
      workspace: caller.uid,
      actor: caller.uid,
      action: removed.memberId ? 'member.removed' : 'member.invitation-withdrawn',
      subject: removed.email,
    });
    return { id: removed.id };
  });
}
