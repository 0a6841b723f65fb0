import type { CreateItemRequest } from '@app/api-contract';
import { count, eq } from 'drizzle-orm';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { items, users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { type Item, itemColumns, toItem } from './item-document.ts';

/**
 * §7 "create item {owner, name, createdAt}": the owner is the caller and the time is the server's.
 * An owner holds at most `itemsPerUser` items (ITEMS_PER_USER_MAX): every list is read and sent
 * whole, so an unbounded one would cost every stream of that owner more on each change. As for seats
 * (sub-users/create-sub-user.ts), the owner's row is locked for the count and the insert, so
 * concurrent creates queue behind each other and never pass the limit, on any number of instances.
 */
export async function createItem(
  deps: { db: Database; identity: IdentityConfig; itemsPerUser: number },
  caller: VerifiedIdentity,
  request: CreateItemRequest,
): Promise<Item> {
  // items.owner references users: the first write of a new user creates their document.
  await findOrCreateUser(deps.db, deps.identity, caller);
  const row = await deps.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, caller.uid))
      .for('update');
    if (!owner) throw new Error(`user ${caller.uid} vanished before adding an item`);
    const [held] = await tx.select({ items: count() }).from(items).where(eq(items.owner, caller.uid));
    if ((held?.items ?? 0) >= deps.itemsPerUser) throw itemLimitReached(deps.itemsPerUser);
    const [inserted] = await tx
      .insert(items)
      .values({ owner: caller.uid, name: request.name })
      .returning(itemColumns);
    return inserted;
  });
  if (!row) throw new Error('the item insert returned no row');
  return toItem(row);
}

const itemLimitReached = (limit: number) =>
  new AppError(
    409,
    'items/limit-reached',
    `You have reached the limit of ${limit.toLocaleString('en-US')} items. Delete some items to add new ones.`,
  );
