import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { ManagementClient } from '#api/auth/management-client.ts';
import type { VerifiedIdentity } from '#api/caller/verify-access-token.ts';
import type { IdentityConfig } from '#api/config/app-config.ts';
import type { Database } from '#api/db/database.ts';
import { users } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';
import { askProvider } from './ask-provider.ts';

/** The wait between two verification mails a person asks for. */
export const verificationEmailWaitSeconds = 60;

/**
 * docs/identity.md: a new verification link, mailed by the identity provider. The provider says
 * whether the address is verified already; a person may ask once a minute, counted in the database so
 * that every instance agrees (the update that claims the minute is the check).
 */
export async function sendVerificationEmail(
  deps: { db: Database; identity: IdentityConfig; management: ManagementClient },
  caller: VerifiedIdentity,
): Promise<{ email: string }> {
  const account = await askProvider(deps.identity, () => deps.management.getUser(caller.uid));
  if (account.email_verified) {
    throw new AppError(409, 'auth/email-already-verified', 'Your email address is already verified.');
  }
  const [claimed] = await deps.db
    .update(users)
    .set({ verificationEmailSentAt: sql`now()` })
    .where(
      and(
        eq(users.id, caller.uid),
        or(
          isNull(users.verificationEmailSentAt),
          lte(
            users.verificationEmailSentAt,
            sql`now() - make_interval(secs => ${verificationEmailWaitSeconds})`,
          ),
        ),
      ),
    )
    .returning({ id: users.id });
  if (!claimed) {
    throw new AppError(
      429,
      'auth/verification-email-too-soon',
      'We sent you a verification email less than a minute ago. Please check your inbox, or wait a minute before asking again.',
    );
  }
  await askProvider(deps.identity, () => deps.management.sendVerificationEmail(caller.uid));
  return { email: account.email ?? '' };
}
