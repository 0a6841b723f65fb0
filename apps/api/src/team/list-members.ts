import { and, desc, eq, sql } from 'drizzle-orm';
import { listedRowHoldsSeat, rowHoldsSeat } from '#api/access/seat-order.ts';
import type { Database, Queryable } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import { successBytes } from '#api/http/app-error.ts';
import type { ListAnswer } from '#api/http/kept-answer.ts';
import { createListCache } from '#api/http/list-cache.ts';
import { type Member, memberColumns, toMember } from './member-document.ts';

/**
 * Lists of at least 50 members are kept, encoded, by the instance that read them; at most 8 MiB of
 * answers per instance, room for a hundred or so large lists (their sizes: docs/capacity.md, "Compression
 * and kept answers").
 */
const keptLists = { minEntries: 50, maxBytes: 8 * 1024 * 1024 };

/**
 * What a kept member list was read at: the owner's seats (which rows hold one), and the count and
 * highest version of their rows (the same set, unchanged, exactly while both stay: migration 0009).
 * A status changes with time alone when an invitation expires, so the list is kept only until the
 * first pending one does.
 */
type MemberListVersion = { key: string; freshUntil: number };

const versionKey = (seats: number, count: number, highest: number | string | null) =>
  `${seats}:${count}:${highest ?? 0}`;

/** The version of a member list read now (`rows`: the owner's rows, each with the owner's seats). */
function versionOfRows(
  rows: { seats: number; rowVersion: number; memberId: string | null; invitationExpiresAt: string | null }[],
  now: number,
): MemberListVersion {
  let highest = 0;
  let freshUntil = Number.POSITIVE_INFINITY;
  for (const row of rows) {
    highest = Math.max(highest, row.rowVersion);
    const expiresAt = row.invitationExpiresAt ? Date.parse(row.invitationExpiresAt) : Number.NaN;
    if (!row.memberId && expiresAt > now) freshUntil = Math.min(freshUntil, expiresAt);
  }
  return { key: versionKey(rows[0]?.seats ?? 0, rows.length, highest), freshUntil };
}

/**
 * docs/product.md §7 "query UserManagement where owner equals uid", newest first, each with its
 * invitation and seat (the window ranks all the owner's rows), by prepared statements: the
 * /userManagement screen reads it on every visit. A large list, once read, is kept with its version
 * (as the items list is, decision 0025); the next read asks only for the version.
 */
export function prepareMemberList(db: Database) {
  const owner = sql.placeholder('owner');
  const cache = createListCache<MemberListVersion>(keptLists);
  const list = db
    .select({
      ...memberColumns,
      hasSeat: listedRowHoldsSeat,
      rowVersion: subUsers.rowVersion,
      seats: users.quantity,
    })
    .from(subUsers)
    .innerJoin(users, eq(users.id, subUsers.owner))
    .where(eq(subUsers.owner, owner))
    .orderBy(desc(subUsers.createdAt), desc(subUsers.id))
    .prepare('members_of_owner');
  const versionOfList = db
    .select({
      seats: users.quantity,
      count: sql<number>`count(${subUsers.id})::int`,
      highest: sql<string | null>`max(${subUsers.rowVersion})::text`,
    })
    .from(users)
    .leftJoin(subUsers, eq(subUsers.owner, users.id))
    .where(eq(users.id, owner))
    .groupBy(users.quantity)
    .prepare('member_list_version');

  return async (uid: string): Promise<ListAnswer> => {
    const kept = cache.get(uid);
    if (kept && Date.now() < kept.version.freshUntil) {
      const [row] = await versionOfList.execute({ owner: uid });
      if (row && versionKey(row.seats, row.count, row.highest) === kept.version.key) return kept.answer;
    }
    const rows = await list.execute({ owner: uid });
    const now = Date.now();
    const json = JSON.stringify(rows.map((row) => toMember(row, now)));
    return cache.keep(uid, json, rows.length, versionOfRows(rows, now)) ?? successBytes(json);
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
