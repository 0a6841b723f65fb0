import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { assertItemId, type Item, itemColumns, itemNotFound, toItem } from './item-document.ts';

/** One of the workspace's items (`owner` is the workspace); any other id answers 404. */
export async function getItem(db: Database | Queryable, owner: string, id: string): Promise<Item> {
  assertItemId(id);
  const [row] = await db
    .select(itemColumns)
    .from(items)
    .where(and(eq(items.id, id), eq(items.owner, owner)));
  if (!row) throw itemNotFound();
  return toItem(row);
}
