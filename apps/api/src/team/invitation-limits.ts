import { and, count, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '#api/db/database.ts';
import { activity, invitationMails, subUsers } from '#api/db/schema.ts';
import { AppError } from '#api/http/app-error.ts';

// How often the product's own sender may mail an invitation (docs/team.md, "Invitation limits"): the
// product's mail is not a relay that owners point at whomever they like, as often as they like, and
// no owner can spend the allowance of another (decision 0041).

export const invitationLimits = {
  /** One invitation mail per invitation within this time: a resend waits for it. */
  resendAfterSeconds: 60,
  /** Invitation mails from one workspace to one address in `windowHours`, withdrawn invitations' too. */
  mailsPerWorkspaceAndRecipient: 3,
  /** Invitation mails to one address in `windowHours` whose invitations are still open, every workspace's. */
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

export type InvitationMail = { workspace: string; recipient: string; invitationId: string };

/**
 * Counts an invitation mail against its limits, in the transaction that decides to send it (the
 * invitation's row written or locked already). Two limits, each in the window:
 * - from this workspace to this address, every mail, a withdrawn invitation's too: inviting and
 *   withdrawing in a loop mails the address at most `mailsPerWorkspaceAndRecipient` times;
 * - to this address from every workspace, only mails of invitations still open: a withdrawn invitation
 *   stops counting, so no workspace spends another's allowance by inviting and withdrawing; and a
 *   workspace whose log shows this address joining before is not held by it at all.
 * Invitations to one address from two workspaces at once queue behind each other (a
 * transaction-scoped advisory lock on the address), so no count can be passed by racing.
 */
export async function countInvitationMail(tx: Queryable, mail: InvitationMail): Promise<void> {
  const address = mail.recipient.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitation-mail:${address}`}, 0))`);
  const windowStart = sql`now() - make_interval(hours => ${invitationLimits.windowHours})`;
  // Every address's rows past the window: the table holds a day of mail, no more.
  await tx.delete(invitationMails).where(lte(invitationMails.sentAt, windowStart));
  const inWindow = and(eq(invitationMails.recipient, address), gt(invitationMails.sentAt, windowStart));

  const [fromWorkspace] = await tx
    .select({ mails: count() })
    .from(invitationMails)
    .where(and(inWindow, eq(invitationMails.workspace, mail.workspace)));
  if ((fromWorkspace?.mails ?? 0) >= invitationLimits.mailsPerWorkspaceAndRecipient) {
    throw new AppError(
      429,
      'invitations/workspace-recipient-limit',
      `Your workspace has sent ${invitationLimits.mailsPerWorkspaceAndRecipient} invitation mails to this address in the last ${invitationLimits.windowHours} hours, withdrawn ones included, the most we send from one workspace to one person. Please try again tomorrow.`,
    );
  }
  if (!(await hasJoinedBefore(tx, mail.workspace, address))) {
    const [open] = await tx
      .select({ mails: count() })
      .from(invitationMails)
      .innerJoin(subUsers, and(eq(subUsers.id, invitationMails.invitationId), isNull(subUsers.memberId)))
      .where(and(inWindow, ne(invitationMails.invitationId, mail.invitationId)));
    if ((open?.mails ?? 0) >= invitationLimits.mailsPerRecipient) {
      throw new AppError(
        429,
        'invitations/recipient-limit',
        `This address has ${invitationLimits.mailsPerRecipient} open invitations mailed in the last ${invitationLimits.windowHours} hours, the most we send to one person. Please try again tomorrow.`,
      );
    }
  }
  await tx.insert(invitationMails).values({ ...mail, recipient: address });
}

/** Whether `workspace`'s log shows `address` joining it before: a person it knows, not a stranger. */
async function hasJoinedBefore(tx: Queryable, workspace: string, address: string): Promise<boolean> {
  const [entry] = await tx
    .select({ id: activity.id })
    .from(activity)
    .where(
      and(
        eq(activity.workspace, workspace),
        eq(activity.action, 'member.joined'),
        eq(activity.subject, address),
      ),
    )
    .limit(1);
  return entry !== undefined;
}
