import { type ActivityPage, activityPageSize } from '@launchkit/api-contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { activity } from '#api/db/schema.ts';
import { activityEntryColumns, toActivityEntry } from '#api/events/activity-entry.ts';
import { decodeActivityCursor, encodeActivityCursor } from './activity-cursor.ts';

export type ActivityPageRequest = {
  /** The `nextCursor` of the page before; absent: the newest entries. */
  before?: string | undefined;
  /** How many entries (1 to activityPageSize.max); absent: activityPageSize.default. */
  limit?: number | undefined;
};

/** `created_at` as the cursor keeps it: UTC, to the microsecond, whatever the session's time zone. */
export const createdAtInFull = sql<string>`to_char(${activity.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of a workspace's log (the route authorized the caller: its owner, or an admin), newest
 * first (`created_at desc, id desc`), by keyset: the entries after the cursor's `(created_at, id)` in
 * that order. The index
 * `activity_workspace_created_at_idx` (workspace, created_at desc, id desc) serves the first page and
 * every later one alike, reading only the page (db/query-plans.test.ts checks it on PostgreSQL). A
 * cursor only says where to start in the workspace's log, never which workspace.
 */
export async function listActivity(
  db: Database,
  owner: string,
  page: ActivityPageRequest = {},
): Promise<ActivityPage> {
  const limit = page.limit ?? activityPageSize.default;
  const after = page.before === undefined ? undefined : decodeActivityCursor(page.before);
  const rows = await db
    .select({ ...activityEntryColumns, createdAtInFull })
    .from(activity)
    .where(
      and(
        eq(activity.workspace, owner),
        after &&
          sql`(${activity.createdAt}, ${activity.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      ),
    )
    .orderBy(desc(activity.createdAt), desc(activity.id))
    // One more than the page: whether there is an older page, without a count.
    .limit(limit + 1);
  const entries = rows.slice(0, limit);
  const last = entries.at(-1);
  return {
    entries: entries.map(toActivityEntry),
    nextCursor:
      rows.length > limit && last
        ? encodeActivityCursor({ createdAt: last.createdAtInFull, id: last.id })
        : null,
  };
}
