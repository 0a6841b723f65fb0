import type { Database } from '#api/db/database.ts';
import { mails } from '#api/db/schema.ts';
import type { JobKind, JobQueue } from '#api/jobs/job-queue.ts';
import { type MailProps, type MailTemplateName, mailTemplates } from './mail-templates.ts';

/** A mail to send: the event it tells of (`key`), to whom, and which template with what. */
export type MailOrder = {
  [Name in MailTemplateName]: {
    /** One mail per key, ever: the event's own id (`receipt:<invoice id>`), never a time of sending. */
    key: string;
    to: string;
    /**
     * The user it goes to: needed by optional mails (mail-template.ts), which are sent only while the
     * person has not turned them off and carry their unsubscribe link.
     */
    recipientId?: string;
    template: Name;
    props: MailProps<Name>;
    replyTo?: string;
  };
}[MailTemplateName];

/**
 * The mail job (mail/send-mail-job.ts): tried again with a growing delay, from 15 s up to 30 min
 * apart, for about ten hours, so a mail server that is down delays mail without losing it. A run
 * whose instance stops answering (heartbeat) or that takes over two minutes counts as lost and runs
 * again.
 */
export const mailJob: JobKind<MailOrder> = {
  name: 'mail',
  retry: { retryLimit: 25, retryDelay: 15, retryDelayMax: 1800 },
  expireInSeconds: 120,
  // An instance that dies while sending leaves its mail to another within about 20 s.
  heartbeatSeconds: 10,
  // A sent mail's job (its link and props) is kept a day, for the operator.
  deleteAfterSeconds: 24 * 3600,
  concurrency: 4,
};

/**
 * Orders a mail within the caller's transaction (or one of its own): the mail's row and its job
 * commit with the change that calls for them, or neither does. A key already ordered orders nothing:
 * a webhook delivered three times, or a request sent twice, mails once. Answers whether it was new.
 */
export function queueMail(jobs: Pick<JobQueue, 'send'>, db: Database, order: MailOrder): Promise<boolean> {
  if (mailTemplates[order.template].optional && !order.recipientId) {
    throw new Error(`mail: ${order.template} is optional and needs the recipientId whose choice it follows`);
  }
  return db.transaction(async (tx) => {
    const ordered = await tx
      .insert(mails)
      .values({ key: order.key, template: order.template, recipient: order.to.toLowerCase() })
      .onConflictDoNothing()
      .returning({ key: mails.key });
    if (ordered.length === 0) return false;
    await jobs.send(mailJob, order, { tx });
    return true;
  });
}
