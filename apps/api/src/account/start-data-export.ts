import { type DataExport, dataExportWaitMinutes } from '@launchkit/api-contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { dataExports, users } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import { AppError } from '#api/http/app-error.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { dataExportJob, preparationHours } from './export-data.ts';
import { exportColumns, toDataExport } from './list-data-exports.ts';

/**
 * "Download my data": the export's row and its job (account/export-data.ts), in one transaction. One
 * export in preparation per person, and one every `dataExportWaitMinutes`: an archive reads all their
 * data and their invoices at the payment provider. The person's user row is locked first, so two
 * clicks at once are one after the other and the second sees the first.
 */
export async function startDataExport(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'> },
  uid: string,
): Promise<DataExport> {
  return deps.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, uid)).for('update');
    const [preparing] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(eq(dataExports.userId, uid), isNull(dataExports.readyAt), gt(dataExports.expiresAt, sql`now()`)),
      )
      .limit(1);
    if (preparing) {
      throw new AppError(
        409,
        'data-exports/in-preparation',
        'We are still preparing your last archive. We will email you when it is ready.',
      );
    }
    const [recent] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, uid),
          gt(dataExports.createdAt, sql`now() - make_interval(mins => ${dataExportWaitMinutes})`),
        ),
      )
      .limit(1);
    if (recent) {
      throw new AppError(
        429,
        'data-exports/too-soon',
        `You asked for an archive less than ${dataExportWaitMinutes} minutes ago. Download that one, or wait a few minutes before asking again.`,
      );
    }
    const row = writtenRow(
      await tx
        .insert(dataExports)
        .values({ userId: uid, expiresAt: sql`now() + make_interval(hours => ${preparationHours})` })
        .returning(exportColumns),
      'the data export insert',
    );
    await deps.jobs.send(dataExportJob, { exportId: row.id }, { tx });
    return toDataExport(row);
  });
}
