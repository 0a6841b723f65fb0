import { eq } from 'drizzle-orm';
import type { Database } from '#api/db/database.ts';
import { newsletterSubscriptions } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { hashLinkToken } from '#api/http/link-token.ts';

/** How long a confirmation link works. */
export const confirmationLinkDays = 7;

/**
 * Confirms the address a newsletter link was mailed to. Following it again is no error; a link that was
 * replaced by a newer one, or never existed, is not found; an old one has expired.
 */
export async function confirmNewsletter(db: Database, token: string): Promise<{ email: string }> {
  const hash = hashLinkToken(token);
  const [row] = await db
    .select({
      email: newsletterSubscriptions.email,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      sentAt: newsletterSubscriptions.confirmationSentAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmationTokenHash, hash));
  if (!row) {
    throw new AppError(
      404,
      'newsletter/confirmation-not-found',
      'This confirmation link is not valid. Subscribe again to get a new one.',
    );
  }
  if (row.confirmedAt) return { email: row.email };
  if (!row.sentAt || Date.now() - row.sentAt.getTime() > confirmationLinkDays * 24 * 3_600_000) {
    throw new AppError(
      409,
      'newsletter/confirmation-expired',
      'This confirmation link has expired. Subscribe again to get a new one.',
    );
  }
  await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: new Date() })
    .where(eq(newsletterSubscriptions.confirmationTokenHash, hash));
  return { email: row.email };
}
