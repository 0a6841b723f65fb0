import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import type { Queryable } from './authorize-workspace.ts';
import { type Member, type MemberRow, memberColumns, toMember } from './member-document.ts';
import { listedRowHoldsSeat, rowHoldsSeat } from './seat-order.ts';

/**
 * docs/product.md §7 "query UserManagement where owner equals uid", newest first, each with its
 * invitation and seat (the window ranks all the owner's rows): a prepared statement, as the
 * /userManagement screen reads it on every visit.
 */
export function prepareMemberList(db: Database) {
  const statement = db
    .select({ ...memberColumns, hasSeat: listedRowHoldsSeat })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(eq(subUsers.owner, sql.placeholder('owner')))
    .orderBy(desc(subUsers.createdAt), desc(subUsers.id))
    .prepare('members_of_owner');
  return async (owner: string): Promise<Member[]> => {
    const rows: MemberRow[] = await statement.execute({ owner });
    const now = Date.now();
    return rows.map((row) => toMember(row, now));
  };
}

export type MemberList = ReturnType<typeof prepareMemberList>;

/** One of the owner's rows as the list shows it, or undefined. */
export async function readMember(db: Queryable, owner: string, id: string): Promise<Member | undefined> {
  const [row] = await db
    .select({ ...memberColumns, hasSeat: rowHoldsSeat })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(and(eq(subUsers.owner, owner), eq(subUsers.id, id)));
  return row && toMember(row);
}
