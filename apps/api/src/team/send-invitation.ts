import type { Mailer } from '@launchkit/mail';
import type { FastifyBaseLogger } from 'fastify';
import { invitationMail } from './invitation-mail.ts';
import { invitationLink } from './invitation-token.ts';

export type InvitationMailer = { mailer: Mailer; siteOrigin: string; log: FastifyBaseLogger };

/**
 * Mails an invitation whose row is already committed. A failure is logged with the member's id and
 * not thrown: the record stands, and the owner can send it again (`POST /api/sub-users/:id/invitation`).
 */
export async function sendInvitation(
  deps: InvitationMailer,
  invitation: {
    recordId: string;
    email: string;
    firstName: string;
    owner: { name: string | null; email: string };
    token: string;
    expiresAt: Date;
  },
): Promise<void> {
  const message = invitationMail({
    to: invitation.email,
    firstName: invitation.firstName,
    owner: invitation.owner,
    link: invitationLink(deps.siteOrigin, invitation.token),
    expiresAt: invitation.expiresAt,
  });
  await deps.mailer.send(message).catch((error: unknown) =>
    // "subUserId": the log field operators search by since the first release; the domain's word is member.
    deps.log.error({ err: error, subUserId: invitation.recordId }, 'invitation mail not sent'),
  );
}
