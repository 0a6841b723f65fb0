import { createHash } from 'node:crypto';
import type { Mailer } from '@launchkit/mail';
import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { mails, users } from '#api/db/schema.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import type { MailSite } from './mail-layout.ts';
import { type MailTemplate, type RenderedMail, renderMail } from './mail-template.ts';
import { isMailTemplateName, mailTemplates } from './mail-templates.ts';
import { type MailOrder, mailJob } from './queue-mail.ts';

/**
 * The Message-ID of a mail, made from its key: every run of the same mail's job sends the same id, so
 * a copy sent twice (the one window below) is one message to the receiving side's duplicate checks.
 */
export function messageIdOf(key: string, site: MailSite): string {
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(site.origin).hostname}>`;
}

/** A mail of `order` as it is sent: rendered in the product's layout, with its unsubscribe link if any. */
export async function renderOrder(
  order: MailOrder,
  site: MailSite,
  unsubscribeUrl?: string,
): Promise<RenderedMail> {
  if (!isMailTemplateName(order.template)) throw new Error(`mail: no template named ${order.template}`);
  // The props were typed for their template when the mail was ordered (MailOrder).
  const template = mailTemplates[order.template] as MailTemplate<unknown>;
  return renderMail(template, order.props, site, unsubscribeUrl);
}

/**
 * Whether an optional mail goes out, and its one-click unsubscribe (RFC 8058): the header's address is
 * the API's, which mail clients post to; the footer's is the product's page, where a person confirms
 * (a link scanner following it turns nothing off).
 */
async function optionalMailLinks(db: Database, order: MailOrder, site: MailSite) {
  const [recipient] = await db
    .select({ optOuts: users.mailOptOuts, token: users.unsubscribeToken })
    .from(users)
    .where(eq(users.id, order.recipientId ?? ''));
  if (!recipient || recipient.optOuts.includes(order.template)) return null;
  const query = new URLSearchParams({ token: recipient.token, mail: order.template });
  return {
    unsubscribeUrl: `${site.origin}/unsubscribe?${query}`,
    headers: {
      'List-Unsubscribe': `<${site.origin}/api/mail-preferences/unsubscribe?${query}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * Sends the ordered mails (mail/queue-mail.ts), off every request. A run skips a mail its row says was
 * sent (an earlier run that the instance's death interrupted after the mail server took it and
 * recorded it), that is gone (its person deleted their account) or that its person turned off. The one window in which a mail can
 * go out twice is between the mail server's answer and the row's update; the Message-ID stays the same.
 */
export function handleMailJobs(deps: { jobs: JobQueue; db: Database; mailer: Mailer; site: MailSite }) {
  deps.jobs.handle(mailJob, async (order) => {
    const [row] = await deps.db.select({ sentAt: mails.sentAt }).from(mails).where(eq(mails.key, order.key));
    if (!row || row.sentAt) return;
    if (!isMailTemplateName(order.template)) throw new Error(`mail: no template named ${order.template}`);
    const template = mailTemplates[order.template] as MailTemplate<unknown>;
    const links = template.optional ? await optionalMailLinks(deps.db, order, deps.site) : undefined;
    // Turned off, its person deleted their account, or its cause is gone (an invitation joined,
    // withdrawn or sent anew): nothing to send, nothing left waiting.
    const props =
      links === null ? null : template.atSending ? await template.atSending(order.props, deps) : order.props;
    if (props === null) {
      await deps.db.delete(mails).where(eq(mails.key, order.key));
      return;
    }
    const rendered = await renderOrder({ ...order, props } as MailOrder, deps.site, links?.unsubscribeUrl);
    await deps.mailer.send({
      to: order.to,
      ...(order.replyTo && { replyTo: order.replyTo }),
      ...rendered,
      messageId: messageIdOf(order.key, deps.site),
      ...(links && { headers: links.headers }),
    });
    await deps.db.update(mails).set({ sentAt: new Date() }).where(eq(mails.key, order.key));
  });
}
