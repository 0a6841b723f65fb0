import { eq } from 'drizzle-orm';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Database } from '#api/db/database.ts';
import { subUsers, users } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import type { InvitationSending } from '#api/mail/invitation-link.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { ownerAsShown, verifiedAddressOf } from './verified-address.ts';

/** An invitation still pending this long after its mail is mailed once more. */
export const invitationReminderDelayMs = 3 * 24 * 3_600_000;

/**
 * The reminder's job, sent with the invitation's mail and due three days later. It carries the
 * invitation's id and the time of its sending, nothing secret: its mail makes a new link as it is sent.
 */
export const invitationReminderJob: JobKind<{ invitation?: InvitationSending }> = {
  name: 'invitation-reminder',
  retry: { retryLimit: 10, retryDelay: 60, retryDelayMax: 3600 },
  expireInSeconds: 60,
  deleteAfterSeconds: 24 * 3600,
  concurrency: 4,
};

/**
 * Mails the reminder of an invitation that is still pending at the same sending: not once its person
 * joined, the owner withdrew it or sent it anew (a new sending, with its own reminder), it expired, or
 * the workspace went. The owner's address is presented only if verified now.
 */
export function handleInvitationReminders(deps: {
  jobs: JobQueue;
  db: Database;
  management: ManagementClient;
}) {
  deps.jobs.handle(invitationReminderJob, async ({ invitation }) => {
    // A job of an older release carried its link instead: dropped, the owner can send the invitation again.
    if (!invitation) return;
    const [row] = await deps.db
      .select({
        email: subUsers.email,
        firstName: subUsers.firstName,
        memberId: subUsers.memberId,
        expiresAt: subUsers.invitationExpiresAt,
        sentAt: subUsers.invitationSentAt,
        owner: { id: users.id, name: users.name, email: users.email },
      })
      .from(subUsers)
      .innerJoin(users, eq(users.id, subUsers.owner))
      .where(eq(subUsers.id, invitation.id));
    if (!row || row.memberId || !row.expiresAt || row.expiresAt <= new Date()) return;
    if (row.sentAt?.toISOString() !== invitation.sentAt) return;
    const verified = await verifiedAddressOf(deps.management, row.owner.id);
    await queueMail(deps.jobs, deps.db, {
      key: `invitation-reminder:${invitation.id}:${row.sentAt.getTime()}`,
      to: row.email,
      template: 'invitation-reminder',
      props: {
        to: row.email,
        firstName: row.firstName,
        owner: ownerAsShown(row.owner, verified),
        invitation,
        expiresAt: row.expiresAt.toISOString(),
      },
    });
  });
}
