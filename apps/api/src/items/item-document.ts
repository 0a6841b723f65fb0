import type { Item } from '@launchkit/api-contract';
import { items } from '#api/db/schema.ts';
import { isUuid } from '#api/db/uuid.ts';
import { AppError } from '#api/http/app-error.ts';

/** The columns an item answers with: `updated_at` stays on the server. */
export const itemColumns = {
  id: items.id,
  name: items.name,
  owner: items.owner,
  featured: items.featured,
  createdAt: items.createdAt,
};

export type ItemRow = { id: string; name: string; owner: string; featured: boolean; createdAt: Date };

/** An item as the browser sees it (docs/product.md §3; the contract's `item`). */
export function toItem(row: ItemRow): Item {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    featured: row.featured,
    createdAt: row.createdAt.toISOString(),
  };
}

export type { Item };

/**
 * Every id that is not one of the caller's items gets the same answer, whether it belongs to someone
 * else, does not exist or is not even a uuid (which PostgreSQL would refuse with an error, not a miss).
 */
export const itemNotFound = () =>
  new AppError(404, 'not_found', 'There is no such item. It may have been deleted.');

export function assertItemId(id: string) {
  if (!isUuid(id)) throw itemNotFound();
}
