import { render } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import type { Database } from '#api/db/database.ts';
import { MailLayout, type MailSite } from './mail-layout.ts';

/**
 * How Settings → Notifications names an optional mail. `onlyWithTrials`: listed only where a trial is
 * possible (the operator offers trials, or the person is on one), so no one is offered mail they
 * cannot get.
 */
export type OptionalMail = { label: string; description: string; onlyWithTrials?: boolean };

/** One kind of mail: a component of the product's layout, rendered to HTML and to plain text. */
export type MailTemplate<Props> = {
  /**
   * Mail the reader may turn off (Settings → Notifications): it goes to a user of the product and
   * carries List-Unsubscribe. Mail that answers the reader's own action, or that a duty calls for
   * (receipts, failed payments, security), is not optional: `false`.
   */
  optional: false | OptionalMail;
  subject(props: Props, site: MailSite): string;
  content(
    props: Props,
    site: MailSite,
  ): {
    /** The line mail clients show beside the subject. */
    preview: string;
    /** Why the reader gets this mail, in the footer. */
    reason: string;
    body: ReactNode;
  };
  /** Props for the preview at /dev/mail (development only). */
  example: Props;
  /**
   * A mail whose link carries a secret makes it when its job runs (docs/security.md, "Data kept"):
   * the order names the row, this writes a fresh token's hash there and answers the props with the
   * link; null when there is nothing to send any more. The secret is never in the job.
   */
  atSending?(props: Props, context: { db: Database; site: MailSite }): Promise<Props | null>;
};

export type RenderedMail = { subject: string; html: string; text: string };

/** A mail as sent: its subject, and its body in the layout as HTML and as plain text. */
export async function renderMail<Props>(
  template: MailTemplate<Props>,
  props: Props,
  site: MailSite,
  unsubscribeUrl?: string,
): Promise<RenderedMail> {
  const { preview, reason, body } = template.content(props, site);
  const element = h(MailLayout, { site, preview, reason, unsubscribeUrl }, body);
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: template.subject(props, site), html, text };
}
