import { and, eq } from 'drizzle-orm';
import type { WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { requirePermission } from '#api/access/require-permission.ts';
import { rowHoldsSeat } from '#api/access/seat-order.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { assertResendAllowed, countInvitationMail } from './invitation-limits.ts';
import { invitationExpiry } from './invitation-token.ts';
import { readMember } from './list-members.ts';
import { assertMemberRecordId, type Member, memberNotFound } from './member-document.ts';
import { type InvitationMailer, sendInvitation } from './send-invitation.ts';
import { ownerAsShown, verifiedAddressOf } from './verified-address.ts';

/**
 * A new link for a pending (or expired) invitation, sent by the owner or an admin (members.manage; an
 * invitation as admin only by the owner: admins.manage): a new token and expiry replace the old ones, so
 * the previous link answers "not found" from now on. Its mail is ordered with the change.
 */
export async function resendInvitation(
  deps: { db: Database; invitationTtlHours: number } & InvitationMailer,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  id: string,
): Promise<Member> {
  const expiresAt = invitationExpiry(deps.invitationTtlHours);
  const sentAt = new Date();
  const { db } = deps;
  // Asked before the transaction, which holds the invitation's row: the provider's answer takes a while.
  const verified = await verifiedAddressOf(deps.management, workspace ?? caller.uid);
  const ownerId = await inWorkspace(db, caller, workspace, 'members.manage', async (tx, access, record) => {
    assertMemberRecordId(id);
    const [row] = await tx
      .select({
        role: subUsers.role,
        email: subUsers.email,
        firstName: subUsers.firstName,
        memberId: subUsers.memberId,
        sentAt: subUsers.invitationSentAt,
        hasSeat: rowHoldsSeat,
      })
      .from(subUsers)
      .innerJoin(users, eq(users.id, subUsers.owner))
      .where(and(eq(subUsers.id, id), eq(subUsers.owner, access.workspace)))
      .for('update', { of: subUsers });
    if (!row) throw memberNotFound();
    if (row.role === 'admin') requirePermission(access, 'admins.manage');
    if (row.memberId) {
      throw new AppError(
        409,
        'invitations/already-joined',
        'This person has already joined your workspace, so there is no invitation to send.',
      );
    }
    // An invitation without a seat could not be accepted: no mail until the plan covers it.
    if (!row.hasSeat) {
      throw new AppError(
        409,
        'invitations/no-seat',
        'Your plan has no seat for this person, so they could not join. Add seats in Settings → Billing, then send the invitation again.',
      );
    }
    assertResendAllowed(row.sentAt);
    await countInvitationMail(tx, { workspace: access.workspace, recipient: row.email, invitationId: id });
    // The old link stops working now; the new one is made as its mail is sent (mail/invitation-link.ts).
    await tx
      .update(subUsers)
      .set({ invitationTokenHash: null, invitationExpiresAt: expiresAt, invitationSentAt: sentAt })
      .where(eq(subUsers.id, id));
    await record({
      action: 'member.invitation-resent',
      subject: row.email,
    });
    const [owner] = await tx
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, access.workspace));
    if (!owner) throw new Error(`user ${access.workspace} vanished while resending an invitation`);
    const shownOwner = ownerAsShown(owner, owner.id === (workspace ?? caller.uid) ? verified : null);
    await sendInvitation(deps, tx, {
      id,
      email: row.email,
      firstName: row.firstName,
      owner: shownOwner,
      sentAt,
      expiresAt,
    });
    return access.workspace;
  });
  const member = await readMember(db, ownerId, id);
  if (!member) throw memberNotFound(); // removed in the moment since
  return member;
}
