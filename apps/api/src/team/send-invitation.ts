import type { Database } from '#api/db/database.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';
import { invitationReminderDelayMs, invitationReminderJob } from './invitation-reminder.ts';
import { invitationLink } from './invitation-token.ts';

export type InvitationMailer = { jobs: Pick<JobQueue, 'send'>; siteOrigin: string };

/**
 * Orders an invitation's mail in the transaction that writes the invitation (mail/queue-mail.ts): the
 * mail goes out exactly when the row is committed, by a job, which tries again while the mail server
 * is down. One mail per token: the key is the token's hash, new with every sending. A reminder is
 * due three days later (invitation-reminder.ts).
 */
export async function sendInvitation(
  deps: InvitationMailer,
  tx: Database,
  invitation: {
    email: string;
    firstName: string;
    owner: { name: string | null; email: string };
    token: string;
    tokenHash: string;
    expiresAt: Date;
  },
): Promise<void> {
  const props = {
    to: invitation.email,
    firstName: invitation.firstName,
    owner: invitation.owner,
    link: invitationLink(deps.siteOrigin, invitation.token),
    expiresAt: invitation.expiresAt.toISOString(),
  };
  await queueMail(deps.jobs, tx, {
    key: `invitation:${invitation.tokenHash}`,
    to: invitation.email,
    template: 'invitation',
    props,
  });
  await deps.jobs.send(
    invitationReminderJob,
    { tokenHash: invitation.tokenHash, props },
    { tx, startAfter: new Date(Date.now() + invitationReminderDelayMs) },
  );
}
