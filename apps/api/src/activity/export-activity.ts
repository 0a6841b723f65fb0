import { Readable } from 'node:stream';
import type { ActivityEntry, ActivityExportFormat } from '@launchkit/api-contract';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { activity } from '#api/db/schema.ts';
import { activityEntryColumns, toActivityEntry } from '#api/events/activity-entry.ts';
import { activityKeptFrom } from '#api/plans/activity-retention.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { csvHeader, csvRow, jsonLine } from './activity-csv.ts';
import { createdAtInFull } from './list-activity.ts';

/** Entries one query reads: the export streams the range a batch at a time, never all in memory. */
const batchSize = 1000;

export type ExportRange = {
  workspace: string;
  /** The first instant exported (the range's first day, or the retention's start if later). */
  since: Date;
  /** The first instant not exported (the day after the range's last). */
  until: Date;
};

const dayMs = 24 * 3_600_000;

/**
 * The instants an export of days `from` to `to` (UTC, both included) covers, and the first day the
 * workspace's plan keeps. What the daily retention job has not deleted yet is past the plan's days all
 * the same: left out, so an export holds the same whichever hour of the day it is made.
 */
export async function exportRange(
  deps: { db: Database; plans: PlanCatalogue },
  workspace: string,
  days: { from: string; to: string },
): Promise<{ range: ExportRange; keptSince: string }> {
  const keptFrom = await activityKeptFrom(deps.db, deps.plans, workspace);
  const from = Date.parse(`${days.from}T00:00:00Z`);
  return {
    range: {
      workspace,
      since: new Date(Math.max(from, keptFrom.getTime())),
      until: new Date(Date.parse(`${days.to}T00:00:00Z`) + dayMs),
    },
    keptSince: keptFrom.toISOString().slice(0, 10),
  };
}

/**
 * The workspace's entries in the range, oldest first (`created_at, id`), by keyset over the index
 * `activity_workspace_created_at_idx` read backwards. The cursor is the database's own time to the
 * microsecond (activity-cursor.ts says why a Date's milliseconds would skip or repeat entries).
 */
async function* entriesIn(db: Database, range: ExportRange): AsyncGenerator<ActivityEntry> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const rows = await db
      .select({ ...activityEntryColumns, createdAtInFull })
      .from(activity)
      .where(
        and(
          eq(activity.workspace, range.workspace),
          gte(activity.createdAt, range.since),
          lt(activity.createdAt, range.until),
          after &&
            sql`(${activity.createdAt}, ${activity.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        ),
      )
      .orderBy(asc(activity.createdAt), asc(activity.id))
      .limit(batchSize);
    for (const row of rows) yield toActivityEntry(row);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.createdAtInFull, id: last.id };
  }
}

/** The export's bytes as a stream: a CSV with its header row, or JSON lines. */
export function activityExportStream(
  db: Database,
  range: ExportRange,
  format: ActivityExportFormat,
): Readable {
  async function* lines() {
    if (format === 'csv') yield csvHeader;
    for await (const entry of entriesIn(db, range)) yield format === 'csv' ? csvRow(entry) : jsonLine(entry);
  }
  return Readable.from(lines());
}
