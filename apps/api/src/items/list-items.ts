import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import {
  isPlausibleWorkspaceId,
  joinedMembership,
  memberRole,
  requireMemberAccess,
  ssoAccessColumns,
  type WorkspaceCaller,
  workspaceNotFound,
} from '#api/access/authorize-workspace.ts';
import { requirePermission } from '#api/access/require-permission.ts';
import { rowsAddedBefore } from '#api/access/seat-order.ts';
import { workspaceLocked } from '#api/access/workspace-lock.ts';
import type { Database } from '#api/db/database.ts';
import { items, subUsers, users } from '#api/db/schema.ts';
import { successBytes } from '#api/http/app-error.ts';
import type { ListAnswer } from '#api/http/kept-answer.ts';
import { createListCache } from '#api/http/list-cache.ts';
import { type ItemRow, toItem } from './item-document.ts';

type Nullable<T> = { [Key in keyof T]: T[Key] | null };

/** A row of a list statement: the list's version, and an item or none. */
type ListRow = { version: number; isLocked: boolean } & Nullable<ItemRow>;

/**
 * Every list read is kept, encoded, by the instance that read it, and answered again while its version
 * stands. A large list costs many times a small one to read and encode, and even a small one costs
 * more to map and encode than its version costs to check (the figures: docs/capacity.md, decision
 * 0025). At most 32 MiB of answers per instance: about 200 lists at the item cap, 12,000 of 20 items.
 */
const keptLists = { minEntries: 0, maxBytes: 32 * 1024 * 1024 };

const owner = sql.placeholder('owner');
const workspace = sql.placeholder('workspace');
const member = sql.placeholder('member');
/** The version of the list the instance keeps (-1: none; versions start at 0). */
const kept = sql.placeholder('kept');

// The version and the items in one statement: one snapshot, and one round trip whether the kept list
// still stands or not. The items come from a lateral subquery that `offset 0` keeps PostgreSQL from
// folding into the join: on its own, its test of the outer row's version is a one-time filter, and a
// list that has not changed reads no item at all (folded, every item was read and then dropped).
// Flat rows: a nested `item` costs Drizzle a null check per column group on every row.
const changedItems = (workspaceOwner: SQLWrapper, condition: SQL) => sql`(
  select ${items.id}, ${items.name}, ${items.owner}, ${items.featured}, ${items.createdAt}
  from ${items}
  where ${items.owner} = ${workspaceOwner} and ${users.itemsVersion} <> ${kept} and ${condition}
  order by ${items.createdAt} desc, ${items.id} desc
  offset 0
) as "list"`;
const listColumns = {
  id: sql<string | null>`"list"."id"`,
  name: sql<string | null>`"list"."name"`,
  owner: sql<string | null>`"list"."owner"`,
  featured: sql<boolean | null>`"list"."featured"`,
  createdAt: sql<Date | null>`"list"."created_at"`.mapWith(items.createdAt),
};
const newestFirst = sql`"list"."created_at" desc, "list"."id" desc`;

/** An operator locked the workspace (access/workspace-lock.ts): read in the list's one statement. */
const isLocked = sql<boolean>`${users.lockedAt} is not null`;

/** The owner's own list (or an API key's workspace): the version and the items. */
function prepareOwnerList(db: Database) {
  return db
    .select({ version: users.itemsVersion, isLocked, ...listColumns })
    .from(users)
    .leftJoinLateral(changedItems(users.id, sql`true`), sql`true`)
    .where(eq(users.id, owner))
    .orderBy(newestFirst)
    .prepare('items_of_owner');
}

/**
 * A member's read: their membership, role and seat, the owner's second-factor rule, the version and
 * the items, in one statement. The seat is counted once, in a lateral subquery that `offset 0` keeps
 * from being folded as well: folded, the count ran again for every item row (1,000 items and 200
 * members: docs/capacity.md).
 */
function prepareMemberList(db: Database) {
  const addedBefore = sql<number>`"seat"."added_before"`;
  const seat = sql`(select ${rowsAddedBefore} as added_before offset 0) as "seat"`;
  return db
    .select({
      addedBefore,
      seats: users.quantity,
      requiresSecondFactor: users.requiresSecondFactor,
      ...ssoAccessColumns,
      role: memberRole,
      version: users.itemsVersion,
      isLocked,
      ...listColumns,
    })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .crossJoinLateral(seat)
    .leftJoinLateral(changedItems(subUsers.owner, sql`${addedBefore} < ${users.quantity}`), sql`true`)
    .where(joinedMembership(workspace, member))
    .orderBy(newestFirst)
    .prepare('items_of_members_workspace');
}

/**
 * The workspace a list read names (absent: the caller's own, or an API key's), refused as
 * authorizeWorkspace refuses before any query: an API key reads its own workspace only (the key was
 * checked against the database when the request was authenticated).
 */
function workspaceOfRead(caller: WorkspaceCaller, workspaceId: string | undefined) {
  const key = caller.apiKey;
  const id = workspaceId ?? key?.workspace ?? caller.uid;
  if (key) {
    if (id !== key.workspace) throw workspaceNotFound();
    requirePermission({ role: key.role, kind: 'api-key' }, 'items.read');
  } else if (id !== caller.uid && !isPlausibleWorkspaceId(id)) throw workspaceNotFound();
  return { id, isOwnList: key !== undefined || id === caller.uid };
}

/**
 * A workspace's items newest first, as JSON text, by prepared statements: the list is the workspace's
 * hottest read (every dashboard view, every live update). Each read is one round trip, a member's
 * included (their membership and seat come in the same statement as the items, and refuse as
 * authorizeWorkspace does). A list, once read, is kept with its version (`users.items_version`, new
 * with every change to the items, migration 0008); the next read sends the kept version with the
 * statement, which reads no item while it is the same, and answers the kept bytes, on any instance.
 */
export function prepareItemLists(db: Database) {
  const cache = createListCache(keptLists);
  const ofOwner = prepareOwnerList(db);
  const ofMembersWorkspace = prepareMemberList(db);

  /** Encodes the rows of a list statement (one without an item when there is none) and keeps them. */
  function encode(id: string, rows: ListRow[]) {
    const list = rows.flatMap((row) => (row.id === null ? [] : [toItem(row as ItemRow)]));
    const json = JSON.stringify(list);
    return { json, answer: cache.keep(id, json, list.length, rows[0]?.version ?? 0) ?? successBytes(json) };
  }

  /** A member's rows, once their membership, seat, second factor and role allow the read. */
  async function membersRows(caller: WorkspaceCaller, id: string, keptVersion: number) {
    const rows = await ofMembersWorkspace.execute({ workspace: id, member: caller.uid, kept: keptVersion });
    const membership = rows[0];
    requireMemberAccess(membership, caller);
    requirePermission({ role: membership.role }, 'items.read');
    return rows;
  }

  return {
    /** The owner's list read now: the live lists read it after each change, which renews the kept one. */
    async ofOwner(uid: string): Promise<string> {
      return encode(uid, await ofOwner.execute({ owner: uid, kept: -1 })).json;
    },

    /** The list of `workspace` (absent: the caller's own) as the caller may read it. */
    async forCaller(caller: WorkspaceCaller, workspaceId: string | undefined): Promise<ListAnswer> {
      const { id, isOwnList } = workspaceOfRead(caller, workspaceId);
      const known = cache.get(id);
      const keptVersion = known?.version ?? -1;
      const rows: ListRow[] = isOwnList
        ? await ofOwner.execute({ owner: id, kept: keptVersion })
        : await membersRows(caller, id, keptVersion);
      if (rows[0]?.isLocked) throw workspaceLocked();
      if (known && rows[0]?.version === known.version) return known.answer;
      return encode(id, rows).answer;
    },
  };
}

export type ItemLists = ReturnType<typeof prepareItemLists>;
