import type { ActivityAction, ActivityEntry } from '@launchkit/api-contract';
import { activity } from '#api/db/schema.ts';

/** The columns of an activity row that make its entry (the contract's ActivityEntry). */
export const activityEntryColumns = {
  id: activity.id,
  actorId: activity.actorId,
  actorEmail: activity.actorEmail,
  action: activity.action,
  subject: activity.subject,
  previous: activity.previous,
  createdAt: activity.createdAt,
};

type EntryRow = { [Column in keyof typeof activityEntryColumns]: (typeof activity.$inferSelect)[Column] };

/** An activity row as the API lists it, the webhook sends it and the export writes it. */
export const toActivityEntry = (row: EntryRow): ActivityEntry => ({
  id: row.id,
  actorId: row.actorId,
  actorEmail: row.actorEmail,
  action: row.action as ActivityAction,
  subject: row.subject,
  previous: row.previous,
  createdAt: row.createdAt.toISOString(),
});
