import type { CreateSubUserRequest } from '@app/api-contract';
import { isAtSeatLimit } from '@app/plans';
import { count, eq } from 'drizzle-orm';
import { recordActivity } from '#api/activity/record-activity.ts';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { invitationExpiry, newInvitationToken } from '#api/invitations/invitation-token.ts';
import { type InvitationMailer, sendInvitation } from '#api/invitations/send-invitation.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { type SubUser, subUserColumns, toSubUser } from './sub-user-document.ts';

export type CreateSubUserDeps = {
  db: Database;
  identity: IdentityConfig;
  invitationTtlHours: number;
} & Omit<InvitationMailer, 'log'>;

/**
 * §6: an owner adds people up to their seats (`users.quantity`); each new row is also an invitation
 * (docs/teams.md), mailed once the row is committed. The owner's row is locked for the count and the
 * insert, so concurrent adds queue behind each other and never pass the limit, on any number of app
 * instances.
 */
export async function createSubUser(
  deps: CreateSubUserDeps & Pick<InvitationMailer, 'log'>,
  caller: VerifiedIdentity,
  request: CreateSubUserRequest,
): Promise<SubUser> {
  const owner = await findOrCreateUser(deps.db, deps.identity, caller);
  if (owner.email && owner.email.toLowerCase() === request.email.toLowerCase()) {
    throw new AppError(
      409,
      'sub-users/own-email',
      'You cannot add yourself: you already own this workspace.',
    );
  }
  const { token, hash } = newInvitationToken();
  const expiresAt = invitationExpiry(deps.invitationTtlHours);
  const row = await deps.db.transaction(async (tx) => {
    // FOR NO KEY UPDATE rather than FOR UPDATE: it queues adds behind each other just as well, but does
    // not block the key-share locks that inserting an item or an activity entry of this workspace takes
    // on the same row, so a member's write holding its membership row never deadlocks with an add.
    const [locked] = await tx
      .select({ quantity: users.quantity })
      .from(users)
      .where(eq(users.id, caller.uid))
      .for('no key update');
    if (!locked) throw new Error(`user ${caller.uid} vanished before adding a sub-user`);
    const [taken] = await tx.select({ seats: count() }).from(subUsers).where(eq(subUsers.owner, caller.uid));
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
        owner: caller.uid,
        ...request,
        invitationTokenHash: hash,
        invitationExpiresAt: expiresAt,
        invitationSentAt: new Date(),
      })
      .onConflictDoNothing({ target: [subUsers.owner, subUsers.email] })
      .returning(subUserColumns);
    if (inserted) {
      await recordActivity(tx, {
        workspace: caller.uid,
        actor: caller.uid,
        action: 'member.invited',
        subject: inserted.email,
      });
    }
    return inserted;
  });
  if (!row) {
    throw new AppError(
      409,
      'sub-users/duplicate-email',
      'You have already added a user with this email address.',
    );
  }
  await sendInvitation(deps, {
    subUserId: row.id,
    email: row.email,
    firstName: row.firstName,
    owner,
    token,
    expiresAt,
  });
  // Added below the limit under the owner's lock, the row is among the first `quantity`: it has a seat.
  return toSubUser({ ...row, hasSeat: true });
}
