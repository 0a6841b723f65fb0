import { desc, eq } from 'drizzle-orm';
import { subUsers, users } from '#api/db/schema.ts';
import type { Queryable } from '#api/workspaces/authorize-workspace.ts';
import { listedRowHoldsSeat } from '#api/workspaces/seat-order.ts';
import { type SubUser, type SubUserRow, subUserColumns, toSubUser } from './sub-user-document.ts';

/** The owner's rows, each ranked for its seat over all of them (the window runs before any filter). */
const rankedRows = (db: Queryable, owner: string) =>
  db
    .select({ ...subUserColumns, hasSeat: listedRowHoldsSeat.as('has_seat') })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(eq(subUsers.owner, owner));

/** §7 "query UserManagement where owner equals uid", newest first, each with its invitation and seat. */
export async function listSubUsers(db: Queryable, owner: string): Promise<SubUser[]> {
  const rows: SubUserRow[] = await rankedRows(db, owner).orderBy(desc(subUsers.createdAt), desc(subUsers.id));
  return rows.map(toSubUser);
}

/** One of the owner's rows as the list shows it, or undefined. */
export async function readSubUser(db: Queryable, owner: string, id: string): Promise<SubUser | undefined> {
  const ranked = rankedRows(db, owner).as('ranked');
  const [row] = await db.select().from(ranked).where(eq(ranked.id, id));
  return row && toSubUser(row);
}
