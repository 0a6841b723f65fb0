import { and, count, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import {
  activity,
  activityExports,
  apiKeys,
  items,
  subUsers,
  users,
  webhookEndpoints,
} from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { announceActivity } from '#api/events/record-activity.ts';
import { AppError } from '#api/http/app-error.ts';

/** The member chosen is not (or no longer) a joined member of the workspace. */
export const memberNotFound = () =>
  new AppError(
    404,
    'account/transfer-member-not-found',
    'That person is not a member who has joined your workspace: they may have left or been removed. Reload and choose again.',
  );

/** The new owner of a transferred workspace. */
export type NewOwner = {
  uid: string;
  email: string;
  /** When their member row was added: the seat order's place the old owner takes (team/accept-ownership.ts). */
  memberSince: Date;
};

/** How a transfer is told: who the activity log names, and the words for too many items. */
export type TransferTerms = {
  itemsPerUser: number;
  actor: { id: string; email: string };
  overItemLimit: (limit: number, theirs: number, yours: number) => AppError;
};

/**
 * Gives the workspace of `owner` (its items, members, pending invitations, activity log, API keys and
 * webhook endpoints) to the joined member `memberRowId`, in the caller's transaction, the owner's row
 * locked already: account deletion (account/delete-account.ts) and an accepted offer
 * (team/accept-ownership.ts). The new owner's own items stay and the transferred ones join them,
 * within ITEMS_PER_USER_MAX; their membership row goes (they own the workspace now), and so does every
 * row of a person they already had (the same address or the same member). Seats stay in order of
 * addition. Billing is not this function's: the acceptance moves it, a deletion leaves it. Each moved
 * member row announces `workspace_access` for the old workspace, so its open live lists close as after
 * a removal; the members find the items in the new owner's workspace.
 */
export async function transferWorkspace(
  tx: Queryable,
  terms: TransferTerms,
  owner: string,
  memberRowId: string,
): Promise<NewOwner> {
  if (!isUuid(memberRowId)) throw memberNotFound();
  const [target] = await tx
    .select({ memberId: subUsers.memberId, createdAt: subUsers.createdAt })
    .from(subUsers)
    .where(and(eq(subUsers.id, memberRowId), eq(subUsers.owner, owner), isNotNull(subUsers.joinedAt)))
    .for('update');
  if (!target?.memberId) throw memberNotFound();
  const newOwner = target.memberId;
  // Their row (after the owner's, the lock order of access/authorize-workspace.ts): the item count
  // below holds while their own creates queue behind it.
  const [recipient] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, newOwner))
    .for('no key update');
  if (!recipient) throw memberNotFound();

  const countOf = async (workspace: string) =>
    (await tx.select({ items: count() }).from(items).where(eq(items.owner, workspace)))[0]?.items ?? 0;
  const [theirs, yours] = [await countOf(newOwner), await countOf(owner)];
  if (theirs + yours > terms.itemsPerUser) throw terms.overItemLimit(terms.itemsPerUser, theirs, yours);

  await tx.update(items).set({ owner: newOwner, updatedAt: sql`now()` }).where(eq(items.owner, owner));

  // Their own membership, and the rows of people the new owner has already (same address or member).
  const theirRows = tx.select({ email: subUsers.email }).from(subUsers).where(eq(subUsers.owner, newOwner));
  const theirMembers = tx
    .select({ memberId: subUsers.memberId })
    .from(subUsers)
    .where(and(eq(subUsers.owner, newOwner), isNotNull(subUsers.memberId)));
  await tx
    .delete(subUsers)
    .where(
      and(
        eq(subUsers.owner, owner),
        or(
          eq(subUsers.id, memberRowId),
          eq(subUsers.memberId, newOwner),
          inArray(subUsers.email, theirRows),
          inArray(subUsers.memberId, theirMembers),
          eq(subUsers.email, sql`lower(${recipient.email})`),
        ),
      ),
    );
  await tx.update(subUsers).set({ owner: newOwner }).where(eq(subUsers.owner, owner));
  await tx.update(apiKeys).set({ workspace: newOwner }).where(eq(apiKeys.workspace, owner));
  await tx.update(webhookEndpoints).set({ workspace: newOwner }).where(eq(webhookEndpoints.workspace, owner));
  await tx.update(activityExports).set({ workspace: newOwner }).where(eq(activityExports.workspace, owner));
  // The stricter of the two: members who had to pass a second factor in either still do.
  await tx
    .update(users)
    .set({
      requiresSecondFactor: sql`${users.requiresSecondFactor} or (select requires_second_factor from ${users} where id = ${owner})`,
    })
    .where(eq(users.id, newOwner));

  await tx.update(activity).set({ workspace: newOwner }).where(eq(activity.workspace, owner));
  const [entry] = await tx
    .insert(activity)
    .values({
      workspace: newOwner,
      actorId: terms.actor.id,
      actorEmail: terms.actor.email,
      action: 'workspace.transferred',
      subject: recipient.email,
    })
    .returning();
  if (entry) await announceActivity(tx, entry);
  return { uid: newOwner, email: recipient.email, memberSince: target.createdAt };
}

/** Whether anyone has joined `owner`'s workspace: then the owner must transfer it or delete it. */
export async function hasJoinedMembers(tx: Queryable, owner: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: subUsers.id })
    .from(subUsers)
    .where(and(eq(subUsers.owner, owner), isNotNull(subUsers.joinedAt)))
    .limit(1);
  return row !== undefined;
}
