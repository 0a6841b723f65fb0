import { and, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#api/db/database.ts';
import { activityExports, dataExports, mails, newsletterSubscriptions } from '#api/db/schema.ts';
import { deleteExpiredActivity } from '#api/plans/activity-retention.ts';
import type { PlanCatalogue } from '#api/plans/resolve-plan-prices.ts';
import { dailyRetry, type JobQueue, scheduledJob } from './job-queue.ts';

/**
 * How long what the product keeps only for a while is kept (docs/security.md, "Data kept"): a sent
 * mail's record (it stops the same event mailing twice: providers redeliver for days, not months), an
 * address that never confirmed its newsletter subscription, and a data export past its `expires_at`
 * (its archive downloadable for 7 days, account/export-data.ts), an activity export past its `expires_at`
 * (activity/activity-export-job.ts). A workspace's activity entries are kept as
 * many days as its plan says (`activityRetentionDays`, plans/activity-retention.ts).
 */
export const retention = { sentMailDays: 90, unconfirmedNewsletterDays: 30 };

/** Once a day, on one instance. */
export const dataRetentionJob = scheduledJob('data-retention', '17 3 * * *', {
  retry: dailyRetry,
  expireInSeconds: 600,
  deleteAfterSeconds: 7 * 24 * 3600,
});

/** Deletes what is past its retention; answers how much of each. */
export async function deleteExpiredData(db: Database, plans: PlanCatalogue) {
  const days = (count: number) => sql`now() - make_interval(days => ${count})`;
  const sentMails = await db
    .delete(mails)
    .where(and(isNotNull(mails.sentAt), lt(mails.sentAt, days(retention.sentMailDays))))
    .returning({ key: mails.key });
  const unconfirmed = await db
    .delete(newsletterSubscriptions)
    .where(
      and(
        isNull(newsletterSubscriptions.confirmedAt),
        lt(
          sql`coalesce(${newsletterSubscriptions.confirmationSentAt}, ${newsletterSubscriptions.createdAt})`,
          days(retention.unconfirmedNewsletterDays),
        ),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  const exports = await db
    .delete(dataExports)
    .where(lt(dataExports.expiresAt, sql`now()`))
    .returning({ id: dataExports.id });
  const activityFiles = await db
    .delete(activityExports)
    .where(lt(activityExports.expiresAt, sql`now()`))
    .returning({ id: activityExports.id });
  return {
    sentMails: sentMails.length,
    unconfirmedNewsletter: unconfirmed.length,
    expiredExports: exports.length,
    expiredActivityExports: activityFiles.length,
    expiredActivity: await deleteExpiredActivity(db, plans),
  };
}

export function handleDataRetention(deps: {
  jobs: JobQueue;
  db: Database;
  plans: PlanCatalogue;
  log: FastifyBaseLogger;
}) {
  deps.jobs.handle(dataRetentionJob, async () => {
    deps.log.info(await deleteExpiredData(deps.db, deps.plans), 'data retention: expired records deleted');
  });
}
