import { and, count, eq, gt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { invitationMails } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

// How often the product's own sender may mail an invitation (docs/team.md): the product's mail is not
// a relay that owners point at whomever they like, as often as they like.

export const invitationLimits = {
  /** One invitation mail per invitation within this time: a resend waits for it. */
  resendAfterSeconds: 60,
  /** Invitation mails to one address, from every workspace together, in `windowHours`. */
  mailsPerRecipient: 10,
  windowHours: 24,
};

/** Refuses a resend of an invitation mailed less than `resendAfterSeconds` ago. */
export function assertResendAllowed(lastSentAt: Date | null, now = new Date()): void {
  if (!lastSentAt) return;
  const waitSeconds = Math.ceil(
    invitationLimits.resendAfterSeconds - (now.getTime() - lastSentAt.getTime()) / 1000,
  );
  if (waitSeconds <= 0) return;
  throw new AppError(
    429,
    'invitations/resend-too-soon',
    `This invitation was sent less than a minute ago. Please wait ${waitSeconds} seconds before sending it again.`,
  );
}

/**
 * Counts an invitation mail to `recipient` against its limit, in the transaction that decides to send
 * it: refused when the address had `mailsPerRecipient` in the window. Invitations to one address from
 * two workspaces at once queue behind each other (a transaction-scoped advisory lock on the address),
 * so the count cannot be passed by racing.
 */
export async function countInvitationMail(tx: Queryable, recipient: string): Promise<void> {
  const address = recipient.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitation-mail:${address}`}, 0))`);
  const windowStart = sql`now() - make_interval(hours => ${invitationLimits.windowHours})`;
  await tx
    .delete(invitationMails)
    .where(and(eq(invitationMails.recipient, address), lte(invitationMails.sentAt, windowStart)));
  const [sent] = await tx
    .select({ mails: count() })
    .from(invitationMails)
    .where(and(eq(invitationMails.recipient, address), gt(invitationMails.sentAt, windowStart)));
  if ((sent?.mails ?? 0) >= invitationLimits.mailsPerRecipient) {
    throw new AppError(
      429,
      'invitations/recipient-limit',
      `This address has received ${invitationLimits.mailsPerRecipient} invitations in the last ${invitationLimits.windowHours} hours, the most we send to one person. Please try again tomorrow.`,
    );
  }
  await tx.insert(invitationMails).values({ recipient: address });
}
