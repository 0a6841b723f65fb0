import type { ManagementClient } from '#api/auth/management-client.ts';
import type { Database } from '#api/db/database.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { invitationReminderDelayMs, invitationReminderJob } from './invitation-reminder.ts';

export type InvitationMailer = { jobs: Pick<JobQueue, 'send'>; management: ManagementClient };

/**
 * Orders an invitation's mail in the transaction that writes the invitation (mail/queue-mail.ts): the
 * mail goes out exactly when the row is committed, by a job, which tries again while the mail server
 * is down. The job names the invitation and its sending, no secret: the link's token is made as the
 * mail is sent (mail/invitation-link.ts). One mail per sending; a reminder is due three days later
 * (invitation-reminder.ts).
 */
export async function sendInvitation(
  deps: Pick<InvitationMailer, 'jobs'>,
  tx: Database,
  invitation: {
    id: string;
    email: string;
    firstName: string;
    owner: { name: string | null; verifiedEmail: string | null };
    sentAt: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const sending = { id: invitation.id, sentAt: invitation.sentAt.toISOString() };
  await queueMail(deps.jobs, tx, {
    key: `invitation:${invitation.id}:${invitation.sentAt.getTime()}`,
    to: invitation.email,
    template: 'invitation',
    props: {
      to: invitation.email,
      firstName: invitation.firstName,
      owner: invitation.owner,
      invitation: sending,
      expiresAt: invitation.expiresAt.toISOString(),
    },
  });
  await deps.jobs.send(
    invitationReminderJob,
    { invitation: sending },
    { tx, startAfter: new Date(Date.now() + invitationReminderDelayMs) },
  );
}
