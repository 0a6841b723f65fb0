import type { ActivityExport, ActivityExportRequest } from '@launchkit/api-contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { activityExports, users } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { activityExportJob, preparationHours } from './activity-export-job.ts';
import { activityExportColumns, toActivityExport } from './prepared-activity-exports.ts';

/**
 * A long-range export: its row and its job, in one transaction. One export in preparation a workspace
 * at a time: a file reads up to a year of the log. The owner's row is locked first, so two clicks at
 * once (an owner's and an admin's) are one after the other and the second sees the first.
 */
export async function startActivityExport(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  access: { workspace: string; requestedBy: string },
  request: ActivityExportRequest,
): Promise<ActivityExport> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, access.workspace)).for('update');
    const [preparing] = await tx
      .select({ id: activityExports.id })
      .from(activityExports)
      .where(
        and(
          eq(activityExports.workspace, access.workspace),
          isNull(activityExports.readyAt),
          gt(activityExports.expiresAt, sql`now()`),
        ),
      )
      .limit(1);
    if (preparing) {
      throw new AppError(
        409,
        'activity-exports/in-preparation',
        'We are still preparing this workspace’s last export. Download it once it is ready, then ask again.',
      );
    }
    const row = writtenRow(
      await tx
        .insert(activityExports)
        .values({
          workspace: access.workspace,
          requestedBy: access.requestedBy,
          fromDay: request.from,
          toDay: request.to,
          format: request.format,
          expiresAt: sql`now() + make_interval(hours => ${preparationHours})`,
        })
        .returning(activityExportColumns),
      'the activity export insert',
    );
    await deps.jobs.send(activityExportJob, { exportId: row.id }, { tx });
    return toActivityExport(row);
  });
}
