import type { AddMemberRequest } from '@launchkit/api-contract';
import { isAtSeatLimit } from '@launchkit/plans';
import { count, eq } from 'drizzle-orm';
import { recordActivity } from '#api/activity/record-activity.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { newLinkToken } from '#api/http/link-token.ts';
import type { UserRow } from '#api/users/user-document.ts';
import { countInvitationMail } from './invitation-limits.ts';
import { invitationExpiry } from './invitation-token.ts';
import { type Member, memberColumns, toMember } from './member-document.ts';
import { type InvitationMailer, sendInvitation } from './send-invitation.ts';

export type AddMemberDeps = { db: Database; invitationTtlHours: number } & InvitationMailer;

/**
 * docs/product.md §6: an owner adds people up to their seats (`users.quantity`); each new row is also an
 * invitation (docs/team.md), whose mail is ordered with the row. The owner's row is locked for the count
 * and the insert, so concurrent adds queue behind each other and never pass the limit, on any number of
 * app instances.
 */
export async function addMember(
  deps: AddMemberDeps,
  owner: UserRow,
  request: AddMemberRequest,
): Promise<Member> {
  if (owner.email && owner.email.toLowerCase() === request.email.toLowerCase()) {
    // "sub-users/": the error code clients know since the first release; the domain's word is member.
    throw new AppError(
      409,
      'sub-users/own-email',
      'You cannot add yourself: you already own this workspace.',
    );
  }
  const { token, hash } = newLinkToken();
  const expiresAt = invitationExpiry(deps.invitationTtlHours);
  const row = await deps.db.transaction(async (tx) => {
    // FOR NO KEY UPDATE rather than FOR UPDATE: it queues adds behind each other just as well, but does
    // not block the key-share locks that inserting an item or an activity entry of this workspace takes
    // on the same row, so a member's write holding its membership row never deadlocks with an add.
    const [locked] = await tx
      .select({ quantity: users.quantity })
      .from(users)
      .where(eq(users.id, owner.id))
      .for('no key update');
    if (!locked) throw new Error(`user ${owner.id} vanished before adding a member`);
    const [taken] = await tx.select({ seats: count() }).from(subUsers).where(eq(subUsers.owner, owner.id));
    if (isAtSeatLimit(taken?.seats ?? 0, locked.quantity)) {
      throw new AppError(
        409,
        'seats/limit-reached',
        locked.quantity === 0
          ? 'Your plan does not include other users. Choose a plan to add users.'
          : `You have used all ${locked.quantity} seats of your plan. Upgrade your plan to add more users.`,
      );
    }
    const [inserted] = await tx
      .insert(subUsers)
      .values({
        owner: owner.id,
        ...request,
        invitationTokenHash: hash,
        invitationExpiresAt: expiresAt,
        invitationSentAt: new Date(),
      })
      .onConflictDoNothing({ target: [subUsers.owner, subUsers.email] })
      .returning(memberColumns);
    if (inserted) {
      // Counted with the row: over the recipient's limit, neither is written.
      await countInvitationMail(tx, inserted.email);
      await recordActivity(tx, {
        workspace: owner.id,
        actor: owner.id,
        action: 'member.invited',
        subject: inserted.email,
      });
      await sendInvitation(deps, tx, {
        email: inserted.email,
        firstName: inserted.firstName,
        owner,
        token,
        tokenHash: hash,
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
