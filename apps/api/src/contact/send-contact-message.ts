import type { ContactRequest } from '@launchkit/api-contract';
import type { Database } from '#api/db/database.ts';
import { contactMessages } from '#api/db/schema.ts';
import { writtenRow } from '#api/db/written-row.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';

/**
 * Stores the message and, with it, orders the mail that tells the site owner (mail/queue-mail.ts): the
 * stored row is the record, and its mail goes out by a job, which tries again while the mail server is
 * down. A reply to the mail goes to the sender.
 */
export async function sendContactMessage(
  deps: { db: Database; jobs: Pick<JobQueue, 'send'>; inbox: string },
  message: ContactRequest,
): Promise<{ id: string }> {
  return deps.db.transaction(async (tx) => {
    const row = writtenRow(
      await tx.insert(contactMessages).values(message).returning({ id: contactMessages.id }),
      'the contact message insert',
    );
    await queueMail(deps.jobs, tx, {
      key: `contact:${row.id}`,
      to: deps.inbox,
      replyTo: message.email,
      template: 'contact-notification',
      props: message,
    });
    return row;
  });
}
