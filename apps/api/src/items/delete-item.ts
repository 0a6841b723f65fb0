import { and, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { items } from '#api/db/schema.ts';
import { assertItemId, itemNotFound } from './item-document.ts';

export async function deleteItem(db: Database, owner: string, id: string): Promise<{ id: string }> {
  assertItemId(id);
  const [row] = await db
    .delete(items)
    .where(and(eq(items.id, id), eq(items.owner, owner)))
    .returning({ id: items.id });
  if (!row) throw itemNotFound();
  return row;
}
