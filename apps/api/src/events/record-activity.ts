import type { ActivityAction } from '@launchkit/api-contract';
import { sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { activity, apiKeys, scimTokens, users } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { toActivityEntry } from './activity-entry.ts';
import { emitWorkspaceEvent } from './emit-event.ts';

export type ActivityRecord = {
  workspace: string;
  /**
   * Who did it: a person's uid, whose email is copied from their user row in the same statement; or an
   * API key's `api-key:<id>` (the caller's uid while a key acts), whose name is copied from its row; or
   * a SCIM token's `scim-token:<id>`, named by its prefix.
   */
  actor: string;
  action: ActivityAction;
  subject: string;
  previous?: string | null;
};

const keyActor = /^api-key:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const scimActor = /^scim-token:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * How the log names the actor (`actor_email`): a person's email, or a key's name (docs/api-keys.md), as
 * they are when it happens, so the entry reads the same after the key is revoked.
 */
function actorLabel(actor: string) {
  const scimTokenId = scimActor.exec(actor)?.[1];
  if (scimTokenId) {
    // A SCIM token (decision 0056) by its prefix: it has no name, and the prefix is what Settings shows.
    return sql`coalesce((select 'SCIM token ' || ${scimTokens.prefix} from ${scimTokens} where ${scimTokens.id} = ${scimTokenId}), 'SCIM token')`;
  }
  const keyId = keyActor.exec(actor)?.[1];
  return keyId
    ? sql`coalesce((select ${apiKeys.name} from ${apiKeys} where ${apiKeys.id} = ${keyId}), '')`
    : sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor}), '')`;
}

/**
 * Adds an entry to a workspace's activity log, and its `activity.recorded` event for the workspace's
 * endpoints subscribed to it (docs/activity-export.md). Call it with the transaction of the change it
 * records, so the log never names a change that did not happen, nor misses one that did; the event's
 * deliveries are rows of the same transaction, sent only after it commits (emit-event.ts).
 */
export async function recordActivity(db: Queryable, entry: ActivityRecord): Promise<void> {
  const row = writtenRow(
    await db
      .insert(activity)
      .values({
        workspace: entry.workspace,
        actorId: entry.actor,
        actorEmail: actorLabel(entry.actor),
        action: entry.action,
        subject: entry.subject,
        previous: entry.previous ?? null,
      })
      .returning(),
    'the activity insert',
  );
  await announceActivity(db, row);
}

/** The `activity.recorded` event of an entry just written (the entry as GET /api/activity lists it). */
export async function announceActivity(db: Queryable, row: typeof activity.$inferSelect): Promise<void> {
  await emitWorkspaceEvent(db, {
    workspace: row.workspace,
    type: 'activity.recorded',
    data: { entry: toActivityEntry(row) },
  });
}
