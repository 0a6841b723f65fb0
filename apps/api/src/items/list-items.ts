import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { type ItemRow, itemColumns, toItem } from './item-document.ts';

/**
 * The owner's items newest first, as prepared statements: the list is the workspace's hottest read
 * (every dashboard view, every live update), so the SQL is built once and parsed once per connection.
 */
export function prepareItemLists(db: Database) {
  const owner = sql.placeholder('owner');
  const newestFirst = [desc(items.createdAt), desc(items.id)];
  const ofOwner = db
    .select(itemColumns)
    .from(items)
    .where(eq(items.owner, owner))
    .orderBy(...newestFirst)
    .prepare('items_of_owner');

  return {
    async ofOwner(uid: string) {
      const rows: ItemRow[] = await ofOwner.execute({ owner: uid });
      return rows.map(toItem);
    },
  };
}

export type ItemLists = ReturnType<typeof prepareItemLists>;
