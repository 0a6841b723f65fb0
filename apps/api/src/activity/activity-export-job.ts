import type { ActivityExportFormat } from '@launchkit/api-contract';
import { activityExportLinkDays } from '@launchkit/api-contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { activityExports } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { activityExportStream, exportRange } from './export-activity.ts';

/**
 * The job that writes one long-range export (sent by start-activity-export.ts). Only the database is
 * read, so a failure is a passing one: tried again from 30 s up to ten minutes apart, well within the
 * day it has to become ready (`preparationHours`). The job holds only the export's id.
 */
export const activityExportJob: JobKind<{ exportId: string }> = {
  name: 'activity-export',
  retry: { retryLimit: 10, retryDelay: 30, retryDelayMax: 600 },
  expireInSeconds: 600,
  heartbeatSeconds: 10,
  deleteAfterSeconds: 24 * 3600,
  concurrency: 1,
};

/** An export not ready this long after it was asked for is given up (its status says `failed`). */
export const preparationHours = 24;

const dayMs = 24 * 3_600_000;

type ExportJobDeps = { db: Database; plans: PlanCatalogue };

/**
 * Writes the file of one export, as GET /api/activity/export would answer the same range. Any number of
 * runs store one file: the update claims the row only while it is still unready. An export gone (its
 * workspace deleted), ready already, or past its time does nothing.
 */
export async function prepareActivityExport(deps: ExportJobDeps, exportId: string): Promise<void> {
  const [pending] = await deps.db.select().from(activityExports).where(eq(activityExports.id, exportId));
  if (!pending || pending.readyAt || pending.expiresAt <= new Date()) return;
  const { range } = await exportRange(deps, pending.workspace, { from: pending.fromDay, to: pending.toDay });
  let file = '';
  for await (const chunk of activityExportStream(deps.db, range, pending.format as ActivityExportFormat)) {
    file += chunk;
  }
  const readyAt = new Date();
  await deps.db
    .update(activityExports)
    .set({ file, readyAt, expiresAt: new Date(readyAt.getTime() + activityExportLinkDays * dayMs) })
    .where(and(eq(activityExports.id, exportId), isNull(activityExports.readyAt)));
}

export function handleActivityExportJobs(deps: ExportJobDeps & { jobs: JobQueue }) {
  deps.jobs.handle(activityExportJob, ({ exportId }) => prepareActivityExport(deps, exportId));
}
