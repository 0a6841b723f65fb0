import type { CreateSubUserRequest } from '@app/api-contract';
import { isAtSeatLimit } from '@app/plans';
import { count, eq } from 'drizzle-orm';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { type SubUser, subUserColumns, toSubUser } from './sub-user-document.ts';

/**
 * §6: an owner adds people up to their seats (`users.quantity`). The owner's row is locked for the
 * count and the insert, so concurrent adds queue behind each other and never pass the limit, on any
 * number of app instances.
 */
export async function createSubUser(
  deps: { db: Database; identity: IdentityConfig },
  caller: VerifiedIdentity,
  request: CreateSubUserRequest,
): Promise<SubUser> {
  await findOrCreateUser(deps.db, deps.identity, caller);
  const row = await deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ quantity: users.quantity })
      .from(users)
      .where(eq(users.id, caller.uid))
      .for('update');
    if (!owner) throw new Error(`user ${caller.uid} vanished before adding a sub-user`);
    const [taken] = await tx.select({ seats: count() }).from(subUsers).where(eq(subUsers.owner, caller.uid));
    if (isAtSeatLimit(taken?.seats ?? 0, owner.quantity)) {
      throw new AppError(
        409,
        'seats/limit-reached',
        owner.quantity === 0
          ? 'Your plan does not include other users. Choose a plan to add users.'
          : `You have used all ${owner.quantity} seats of your plan. Upgrade your plan to add more users.`,
      );
    }
    const [inserted] = await tx
      .insert(subUsers)
      .values({ owner: caller.uid, ...request })
      .onConflictDoNothing({ target: [subUsers.owner, subUsers.email] })
      .returning(subUserColumns);
    return inserted;
  });
  if (!row) {
    throw new AppError(
      409,
      'sub-users/duplicate-email',
      'You have already added a user with this email address.',
    );
  }
  return toSubUser(row);
}
