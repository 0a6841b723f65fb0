import { dataExportLinkDays } from '@launchkit/api-contract';
import { and, eq, isNull } from 'drizzle-orm';
import { dataExports, users } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import type { MailSite } from '#api/mail/mail-layout.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { type ArchiveDeps, buildArchive } from './build-archive.ts';

/**
 * The job that prepares one export (sent by account/start-data-export.ts). A failure (the payment
 * provider down, say) is tried again from 30 s up to an hour apart for about six hours, well within
 * the day an export has to become ready (`preparationHours`). The job holds only the export's id.
 */
export const dataExportJob: JobKind<{ exportId: string }> = {
  name: 'data-export',
  retry: { retryLimit: 12, retryDelay: 30, retryDelayMax: 3600 },
  expireInSeconds: 300,
  heartbeatSeconds: 10,
  deleteAfterSeconds: 24 * 3600,
  concurrency: 2,
};

/** An export not ready this long after it was asked for is given up (its status says `failed`). */
export const preparationHours = 24;

const dayMs = 24 * 3_600_000;

/** The page that downloads an export with the person's own sign-in (Settings → Your data). */
export const exportPageUrl = (site: MailSite, exportId: string) =>
  `${site.origin}/settings/data?export=${encodeURIComponent(exportId)}`;

type ExportDeps = ArchiveDeps & { jobs: Pick<JobQueue, 'send'>; site: MailSite };

/**
 * Writes the archive of one export, then orders its mail in the same transaction, so the mail exists
 * exactly when the archive does. Any number of runs, one after the other or side by side, store one
 * archive and order one mail: the update that stores it claims the row only while it is still
 * unready, and the mail's key is the export's. An export that is gone (its person deleted the account),
 * ready already, or past its time does nothing.
 */
export async function prepareDataExport(deps: ExportDeps, exportId: string): Promise<void> {
  const [pending] = await deps.db
    .select({ userId: dataExports.userId, readyAt: dataExports.readyAt, expiresAt: dataExports.expiresAt })
    .from(dataExports)
    .where(eq(dataExports.id, exportId));
  if (!pending || pending.readyAt || pending.expiresAt <= new Date()) return;
  // Read outside the transaction: no row stays locked while the payment provider answers.
  const archive = await buildArchive(deps, pending.userId);
  if (!archive) return;
  await deps.db.transaction(async (tx) => {
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + dataExportLinkDays * dayMs);
    const [stored] = await tx
      .update(dataExports)
      .set({ archive: JSON.stringify(archive), readyAt, expiresAt })
      .where(and(eq(dataExports.id, exportId), isNull(dataExports.readyAt)))
      .returning({ userId: dataExports.userId });
    if (!stored) return;
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, stored.userId));
    // A sign-in without an address (some social accounts) has no one to mail: the page lists it.
    if (!owner?.email) return;
    await queueMail(deps.jobs, tx, {
      key: `data-export:${exportId}`,
      to: owner.email,
      template: 'data-export-ready',
      props: { link: exportPageUrl(deps.site, exportId), expiresAt: expiresAt.toISOString() },
    });
  });
}

export function handleDataExportJobs(deps: ExportDeps & { jobs: JobQueue }) {
  deps.jobs.handle(dataExportJob, ({ exportId }) => prepareDataExport(deps, exportId));
}
