import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { items, subUsers, users } from '#api/db/schema.ts';
import {
  isPlausibleWorkspaceId,
  joinedMembership,
  requireSeat,
  workspaceNotFound,
} from '#api/team/authorize-workspace.ts';
import { rowsAddedBefore } from '#api/team/seat-order.ts';
import { type ItemRow, itemColumns, toItem } from './item-document.ts';

/**
 * A workspace's items newest first, as prepared statements: the list is the workspace's hottest read
 * (every dashboard view, every live update), so the SQL is built once and parsed once per connection.
 * Each read is one round trip, a member's included: their membership and seat come in the same query
 * as the items (joined only when the seat holds), and refuse as authorizeWorkspace does.
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
  // The member's seat is counted once, in a lateral subquery that `offset 0` keeps PostgreSQL from
  // folding into the join: folded, the count ran again for every item row, twice (1,000 items and 200
  // members: 138,000 pages read instead of about 150; docs/capacity-workspaces.md).
  const addedBefore = sql<number>`"seat"."added_before"`;
  const ofMembersWorkspace = db
    .select({ addedBefore, seats: users.quantity, item: itemColumns })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .crossJoinLateral(sql`(select ${rowsAddedBefore} as added_before offset 0) as "seat"`)
    .leftJoin(items, and(eq(items.owner, subUsers.owner), sql`${addedBefore} < ${users.quantity}`))
    .where(joinedMembership(sql.placeholder('workspace'), sql.placeholder('member')))
    .orderBy(...newestFirst)
    .prepare('items_of_members_workspace');

  async function ofOwnerList(uid: string) {
    const rows: ItemRow[] = await ofOwner.execute({ owner: uid });
    return rows.map(toItem);
  }

  return {
    ofOwner: ofOwnerList,

    /** The list of `workspace` (absent: the caller's own) as `callerUid` may read it. */
    async forCaller(callerUid: string, workspace: string | undefined) {
      if (workspace === undefined || workspace === callerUid) return ofOwnerList(callerUid);
      if (!isPlausibleWorkspaceId(workspace)) throw workspaceNotFound();
      const rows = await ofMembersWorkspace.execute({ workspace, member: callerUid });
      requireSeat(rows[0]);
      return rows.flatMap((row) => (row.item ? [toItem(row.item)] : []));
    },
  };
}

export type ItemLists = ReturnType<typeof prepareItemLists>;
