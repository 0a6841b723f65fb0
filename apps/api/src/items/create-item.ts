import { z } from 'zod';
import type { VerifiedIdentity } from '#api/auth/verify-access-token.ts';
import type { IdentityConfig } from '#api/config.ts';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { findOrCreateUser } from '#api/users/user-document.ts';
import { type Item, itemColumns, itemName, toItem } from './item-document.ts';

export const createItemRequest = z.strictObject({ name: itemName });

/** §7 "create item {owner, name, createdAt}": the owner is the caller and the time is the server's. */
export async function createItem(
  deps: { db: Database; identity: IdentityConfig },
  caller: VerifiedIdentity,
  request: z.output<typeof createItemRequest>,
): Promise<Item> {
  // items.owner references users: the first write of a new user creates their document.
  await findOrCreateUser(deps.db, deps.identity, caller);
  const [row] = await deps.db
    .insert(items)
    .values({ owner: caller.uid, name: request.name })
    .returning(itemColumns);
  if (!row) throw new Error('the item insert returned no row');
  return toItem(row);
}
