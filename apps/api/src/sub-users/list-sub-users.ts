import { desc, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import { type SubUser, subUserColumns, toSubUser } from './sub-user-document.ts';

/** §7 "query UserManagement where owner equals uid", newest first. */
export async function listSubUsers(db: Database, owner: string): Promise<SubUser[]> {
  const rows = await db
    .select(subUserColumns)
    .from(subUsers)
    .where(eq(subUsers.owner, owner))
    .orderBy(desc(subUsers.createdAt), desc(subUsers.id));
  return rows.map(toSubUser);
}
