import type { AddMemberRequest } from '@launchkit/api-contract';
import { isAtSeatLimit } from '@launchkit/plans';
import { count, eq } from 'drizzle-orm';
import type { WorkspaceAccess, WorkspaceCaller } from '#api/access/authorize-workspace.ts';
import { inWorkspace } from '#api/access/in-workspace.ts';
import { requirePermission } from '#api/access/require-permission.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { countInvitationMail } from './invitation-limits.ts';
import { invitationExpiry } from './invitation-token.ts';
import { type Member, memberColumns, toMember } from './member-document.ts';
import { type InvitationMailer, sendInvitation } from './send-invitation.ts';
import { ownerAsShown, verifiedAddressOf } from './verified-address.ts';

export type AddMemberDeps = { db: Database; invitationTtlHours: number } & InvitationMailer;

/**
 * docs/product.md §6: an owner adds people up to their seats (`users.quantity`), and so does an admin of
 * the workspace (members.manage; an admin only below admin: admins.manage); each new row is also an
 * invitation (docs/team.md), with its role, whose mail is ordered with the row. The owner's row is
 * locked for the count and the insert, so concurrent adds queue behind each other and never pass the
 * limit, on any number of app instances.
 */
export async function addMember(
  deps: AddMemberDeps,
  caller: WorkspaceCaller,
  workspace: string | undefined,
  request: AddMemberRequest,
): Promise<Member> {
  const expiresAt = invitationExpiry(deps.invitationTtlHours);
  const sentAt = new Date();
  // Asked before the transaction, which holds the owner's row: the provider's answer takes a while.
  const ownerId = workspace ?? caller.uid;
  const verified = await verifiedAddressOf(deps.management, ownerId);
  // An admin's membership stays locked until commit: a removal waits for this add, or it finds the
  // admin removed.
  const row = await inWorkspace(deps.db, caller, workspace, 'members.manage', async (tx, access, record) => {
    if (request.role === 'admin') requirePermission(access, 'admins.manage');
    const owner = await lockOwnerWithSeatFor(tx, access, request.email);
    const [inserted] = await tx
      .insert(subUsers)
      .values({
        owner: access.workspace,
        ...request,
        // The link's token is made as its mail is sent (mail/invitation-link.ts).
        invitationExpiresAt: expiresAt,
        invitationSentAt: sentAt,
      })
      .onConflictDoNothing({ target: [subUsers.owner, subUsers.email] })
      .returning(memberColumns);
    if (inserted) {
      // Counted with the row: over the recipient's limit, neither is written.
      await countInvitationMail(tx, {
        workspace: access.workspace,
        recipient: inserted.email,
        invitationId: inserted.id,
      });
      await record({
        action: 'member.invited',
        subject: inserted.email,
      });
      const shownOwner = ownerAsShown(owner, owner.id === ownerId ? verified : null);
      await sendInvitation(deps, tx, {
        id: inserted.id,
        email: inserted.email,
        firstName: inserted.firstName,
        owner: shownOwner,
        sentAt,
        expiresAt,
      });
    }
    return inserted;
  });
  if (!row) {
    // "sub-users/": the error code clients know since the first release; the domain's word is member.
    throw new AppError(
      409,
      'sub-users/duplicate-email',
      'You have already added a user with this email address.',
    );
  }
  // Added below the limit under the owner's lock, the row is among the first `quantity`: it has a seat.
  return toMember({ ...row, hasSeat: true });
}

/**
 * The workspace's owner, their row locked for the count and the insert, once the new member is known
 * not to be the owner and a seat is free. FOR NO KEY UPDATE rather than FOR UPDATE: it queues adds
 * behind each other just as well, but does not block the key-share locks that inserting an item or an
 * activity entry of this workspace takes on the same row, so a member's write holding its membership
 * row never deadlocks with an add.
 */
async function lockOwnerWithSeatFor(tx: Queryable, access: WorkspaceAccess, email: string) {
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email, quantity: users.quantity })
    .from(users)
    .where(eq(users.id, access.workspace))
    .for('no key update');
  if (!owner) throw new Error(`user ${access.workspace} vanished before adding a member`);
  if (owner.email && owner.email.toLowerCase() === email.toLowerCase()) {
    // "sub-users/": the error code clients know since the first release; the domain's word is member.
    throw new AppError(
      409,
      'sub-users/own-email',
      access.role === 'owner'
        ? 'You cannot add yourself: you already own this workspace.'
        : 'You cannot add the owner: they already own this workspace.',
    );
  }
  const [taken] = await tx.select({ seats: count() }).from(subUsers).where(eq(subUsers.owner, owner.id));
  if (isAtSeatLimit(taken?.seats ?? 0, owner.quantity)) {
    throw new AppError(
      409,
      'seats/limit-reached',
      owner.quantity === 0
        ? 'Your plan does not include other users. Choose a plan to add users.'
        : `You have used all ${owner.quantity} seats of your plan. Upgrade your plan to add more users.`,
    );
  }
  return owner;
}
