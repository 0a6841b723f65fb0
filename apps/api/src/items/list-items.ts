import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { items, subUsers, users } from '#api/db/schema.ts';
import { successBytes } from '#api/http/app-error.ts';
import type { ListAnswer } from '#api/http/kept-answer.ts';
import { createListCache } from '#api/http/list-cache.ts';
import {
  isPlausibleWorkspaceId,
  joinedMembership,
  requireMemberAccess,
  type WorkspaceCaller,
  workspaceNotFound,
} from '#api/team/authorize-workspace.ts';
import { rowsAddedBefore } from '#api/team/seat-order.ts';
import { type ItemRow, itemColumns, toItem } from './item-document.ts';

type Nullable<T> = { [Key in keyof T]: T[Key] | null };

/**
 * Lists of at least 100 items are kept, encoded, by the instance that read them: a large list costs ten
 * times a small one to read and encode (docs/capacity.md, 1,000 items: 159 KiB). At most 32 MiB of
 * answers per instance: about 200 lists at the item cap.
 */
const keptLists = { minEntries: 100, maxBytes: 32 * 1024 * 1024 };

/**
 * A workspace's items newest first, as JSON text, by prepared statements: the list is the workspace's
 * hottest read (every dashboard view, every live update). Each read is one round trip, a member's
 * included (their membership and seat come in the same statement as the items, and refuse as
 * authorizeWorkspace does). A large list, once read, is kept with its version (`users.items_version`,
 * new with every change to the items, migration 0008): the next read asks only for the version (and a
 * member's access), and answers the kept bytes while it is the same, on any instance.
 */
export function prepareItemLists(db: Database) {
  const owner = sql.placeholder('owner');
  const workspace = sql.placeholder('workspace');
  const member = sql.placeholder('member');
  const newestFirst = [desc(items.createdAt), desc(items.id)];
  const cache = createListCache(keptLists);

  // The version and the items in one statement: one snapshot. Flat rows (a nested `item` costs Drizzle
  // a null check per column group on every row).
  const ofOwner = db
    .select({ version: users.itemsVersion, ...itemColumns })
    .from(users)
    .leftJoin(items, eq(items.owner, users.id))
    .where(eq(users.id, owner))
    .orderBy(...newestFirst)
    .prepare('items_of_owner');
  const versionOfOwner = db
    .select({ version: users.itemsVersion })
    .from(users)
    .where(eq(users.id, owner))
    .prepare('items_version_of_owner');

  // The seat is counted once, in a lateral subquery that `offset 0` keeps PostgreSQL from folding into
  // the join: folded, the count ran again for every item row (1,000 items and 200 members: 138,000
  // pages read instead of about 150; docs/capacity.md).
  const addedBefore = sql<number>`"seat"."added_before"`;
  const seat = sql`(select ${rowsAddedBefore} as added_before offset 0) as "seat"`;
  const access = {
    addedBefore,
    seats: users.quantity,
    requiresSecondFactor: users.requiresSecondFactor,
    version: users.itemsVersion,
  };
  const ofMembersWorkspace = db
    .select({ ...access, ...itemColumns })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .crossJoinLateral(seat)
    .leftJoin(items, and(eq(items.owner, subUsers.owner), sql`${addedBefore} < ${users.quantity}`))
    .where(joinedMembership(workspace, member))
    .orderBy(...newestFirst)
    .prepare('items_of_members_workspace');
  const versionForMember = db
    .select(access)
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .crossJoinLateral(seat)
    .where(joinedMembership(workspace, member))
    .prepare('items_version_for_member');

  /**
   * Encodes the rows of a list statement (one without an item when there is none) as JSON text, and
   * keeps a large list.
   */
  function encode(id: string, rows: ({ version: number } & Nullable<ItemRow>)[]) {
    const list = rows.flatMap((row) => (row.id === null ? [] : [toItem(row as ItemRow)]));
    const json = JSON.stringify(list);
    return { json, kept: cache.keep(id, json, list.length, rows[0]?.version ?? 0) };
  }

  /** The answer to a list encoded now: the kept bytes of a large one, else the bytes of this one. */
  const answerOf = ({ json, kept }: ReturnType<typeof encode>): ListAnswer => kept ?? successBytes(json);

  /** The owner's list read now, and kept when large. */
  async function readOwnersList(uid: string) {
    return encode(uid, await ofOwner.execute({ owner: uid }));
  }

  return {
    /** The owner's list read now: the live lists read it after each change, which renews the kept one. */
    ofOwner: async (uid: string): Promise<string> => (await readOwnersList(uid)).json,

    /** The list of `workspace` (absent: the caller's own) as the caller may read it. */
    async forCaller(caller: WorkspaceCaller, workspaceId: string | undefined): Promise<ListAnswer> {
      const callerUid = caller.uid;
      const id = workspaceId ?? callerUid;
      const kept = cache.get(id);
      if (id === callerUid) {
        if (kept) {
          const [row] = await versionOfOwner.execute({ owner: id });
          if (row?.version === kept.version) return kept.answer;
        }
        return answerOf(await readOwnersList(id));
      }
      if (!isPlausibleWorkspaceId(id)) throw workspaceNotFound();
      if (kept) {
        const [row] = await versionForMember.execute({ workspace: id, member: callerUid });
        requireMemberAccess(row, caller);
        if (row?.version === kept.version) return kept.answer;
      }
      const rows = await ofMembersWorkspace.execute({ workspace: id, member: callerUid });
      requireMemberAccess(rows[0], caller);
      return answerOf(encode(id, rows));
    },
  };
}

export type ItemLists = ReturnType<typeof prepareItemLists>;
