import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { newsletterSubscriptions } from '#api/db/schema.ts';
import { newLinkToken } from '#api/http/link-token.ts';
import type { JobQueue } from '#api/jobs/job-queue.ts';
import { queueMail } from '#api/mail/queue-mail.ts';

// An address that was mailed a link is mailed again only after this long: the public form cannot be
// turned into a way of flooding someone's inbox.
const confirmationResendSeconds = 10 * 60;

export type NewsletterDeps = { db: Database; jobs: Pick<JobQueue, 'send'>; siteOrigin: string };

/** The link in the confirmation mail: the token in the fragment, as for invitations. */
export const confirmationLink = (siteOrigin: string, token: string) => `${siteOrigin}/newsletter#${token}`;

/**
 * Double opt-in (docs/jobs.md): the address is stored unconfirmed and mailed a link that confirms it
 * (newsletter/confirm-newsletter.ts). A confirmed address is left as it is; an unconfirmed one gets a new
 * link at most every ten minutes. The caller learns nothing either way: the answer never tells whether
 * an address is subscribed.
 */
export async function subscribeToNewsletter(deps: NewsletterDeps, email: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
    const [row] = await tx
      .select({
        confirmedAt: newsletterSubscriptions.confirmedAt,
        sentAt: newsletterSubscriptions.confirmationSentAt,
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email))
      .for('update');
    if (!row || row.confirmedAt) return;
    if (row.sentAt && Date.now() - row.sentAt.getTime() < confirmationResendSeconds * 1000) return;
    const { token, hash } = newLinkToken();
    await tx
      .update(newsletterSubscriptions)
      .set({ confirmationTokenHash: hash, confirmationSentAt: new Date() })
      .where(eq(newsletterSubscriptions.email, email));
    await queueMail(deps.jobs, tx, {
      key: `newsletter-confirmation:${hash}`,
      to: email,
      template: 'newsletter-confirmation',
      props: { link: confirmationLink(deps.siteOrigin, token) },
    });
  });
}
