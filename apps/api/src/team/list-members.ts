import { desc, eq } from 'drizzle-orm';
import { subUsers, users } from '#api/db/schema.ts';
import type { Queryable } from './authorize-workspace.ts';
import { type Member, type MemberRow, memberColumns, toMember } from './member-document.ts';
import { listedRowHoldsSeat } from './seat-order.ts';

/** The owner's rows, each ranked for its seat over all of them (the window runs before any filter). */
const rankedRows = (db: Queryable, owner: string) =>
  db
    .select({ ...memberColumns, hasSeat: listedRowHoldsSeat.as('has_seat') })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(eq(subUsers.owner, owner));

/**
 * docs/product.md §7 "query UserManagement where owner equals uid", newest first, each with its
 * invitation and seat.
 */
export async function listMembers(db: Queryable, owner: string): Promise<Member[]> {
  const rows: MemberRow[] = await rankedRows(db, owner).orderBy(desc(subUsers.createdAt), desc(subUsers.id));
  return rows.map(toMember);
}

/** One of the owner's rows as the list shows it, or undefined. */
export async function readMember(db: Queryable, owner: string, id: string): Promise<Member | undefined> {
  const ranked = rankedRows(db, owner).as('ranked');
  const [row] = await db.select().from(ranked).where(eq(ranked.id, id));
  return row && toMember(row);
}
