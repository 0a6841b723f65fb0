import type { ActivityAction, ActivityEntry } from '@launchkit/api-contract';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { activity } from '#api/db/schema.ts';

/** How many entries the log shows: the latest, enough for a glance at what happened lately. */
export const activityListMax = 200;

/**
 * The caller's OWN workspace's log, newest first (the index `activity_workspace_created_at_idx`). There
 * is no way to name another workspace: a member never reads the log of the workspace they joined.
 */
export async function listActivity(db: Database, owner: string): Promise<ActivityEntry[]> {
  const rows = await db
    .select()
    .from(activity)
    .where(eq(activity.workspace, owner))
    .orderBy(desc(activity.createdAt), desc(activity.id))
    .limit(activityListMax);
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as ActivityAction,
    subject: row.subject,
    previous: row.previous,
    createdAt: row.createdAt.toISOString(),
  }));
}
