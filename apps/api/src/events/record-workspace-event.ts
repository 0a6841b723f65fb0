import type { Database } from '#api/db/database.ts';
import { emitWorkspaceEvent, type OutboundEvent } from './emit-event.ts';
import { type ActivityRecord, recordActivity } from './record-activity.ts';

/** What happened in a workspace: its activity entry and, when webhooks are told of it, its event. */
export type WorkspaceHappening = ActivityRecord & { event?: OutboundEvent };

/**
 * Writes what happened in a workspace, once, in the transaction of the change: the entry of its
 * activity log and, with `event`, the deliveries of the outbound event to its webhook endpoints
 * (emit-event.ts). Both commit with the change or not at all, so neither the log nor a receiver hears of
 * a change that did not happen, nor misses one that did.
 */
export async function recordWorkspaceEvent(tx: Database, happening: WorkspaceHappening): Promise<void> {
  const { event, ...entry } = happening;
  await recordActivity(tx, entry);
  if (event) await emitWorkspaceEvent(tx, { workspace: entry.workspace, ...event });
}
