import type { ActivityAction } from '@launchkit/api-contract';
import { sql } from 'drizzle-orm';
import { activity, users } from '#api/db/schema.ts';
import type { Queryable } from '#api/team/authorize-workspace.ts';

export type ActivityRecord = {
  workspace: string;
  /** The uid of whoever did it; their email is copied from their user row in the same statement. */
  actor: string;
  action: ActivityAction;
  subject: string;
  previous?: string | null;
};

/**
 * Adds an entry to a workspace's activity log. Call it with the transaction of the change it records,
 * so the log never names a change that did not happen, nor misses one that did.
 */
export async function recordActivity(db: Queryable, entry: ActivityRecord): Promise<void> {
  await db.insert(activity).values({
    workspace: entry.workspace,
    actorId: entry.actor,
    actorEmail: sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${entry.actor}), '')`,
    action: entry.action,
    subject: entry.subject,
    previous: entry.previous ?? null,
  });
}
