import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { subUsers } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import type { InvitationProps } from '#api/mail/templates/invitation.ts';

/** An invitation still pending this long after its mail is mailed once more. */
export const invitationReminderDelayMs = 3 * 24 * 3_600_000;

/**
 * The reminder's job, sent with the invitation's mail and due three days later. It carries the mail's
 * props (the link, so the token, as the invitation's own mail job did): kept until it runs, and a day
 * after.
 */
export const invitationReminderJob: JobKind<{ tokenHash: string; props: InvitationProps }> = {
  name: 'invitation-reminder',
  retry: { retryLimit: 10, retryDelay: 60, retryDelayMax: 3600 },
  expireInSeconds: 60,
  deleteAfterSeconds: 24 * 3600,
  concurrency: 4,
};

/**
 * Mails the reminder of an invitation that is still pending with the same link: not once its person
 * joined, the owner withdrew it or sent a new link (a new token), or it expired.
 */
export function handleInvitationReminders(deps: { jobs: JobQueue; db: Database }) {
  deps.jobs.handle(invitationReminderJob, async ({ tokenHash, props }) => {
    const [row] = await deps.db
      .select({ memberId: subUsers.memberId, expiresAt: subUsers.invitationExpiresAt })
      .from(subUsers)
      .where(eq(subUsers.invitationTokenHash, tokenHash));
    if (!row || row.memberId || !row.expiresAt || row.expiresAt <= new Date()) return;
    await queueMail(deps.jobs, deps.db, {
      key: `invitation-reminder:${tokenHash}`,
      to: props.to,
      template: 'invitation-reminder',
      props,
    });
  });
}
