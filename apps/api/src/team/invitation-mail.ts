import type { MailMessage } from '@launchkit/mail';
import { formatLongDate } from '@launchkit/plans';

export type InvitationMailInput = {
  to: string;
  firstName: string;
  owner: { name: string | null; email: string };
  link: string;
  expiresAt: Date;
};

/** The owner as people know them: their name when they gave one, else their email. */
export const ownerLabel = (owner: { name: string | null; email: string }): string =>
  owner.name?.trim() || owner.email || 'A workspace owner';

/** The invitation mail: who invites, the link, and until when it works. Plain text, no tracking. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const inviter = ownerLabel(input.owner);
  // Providers often give the email as the name; it is said once then.
  const byline =
    inviter === input.owner.email || !input.owner.email ? inviter : `${inviter} (${input.owner.email})`;
  return {
    to: input.to,
    subject: `${inviter} invited you to their workspace`,
    text: [
      `Hello ${input.firstName},`,
      '',
      `${byline} invited you to work with them in their workspace.`,
      '',
      'Open this link to join:',
      input.link,
      '',
      `Sign up or sign in with this email address (${input.to}) to join. The link works once and expires on ${formatLongDate(input.expiresAt)}; after that, ask ${inviter} to send a new one.`,
      '',
      'If you did not expect this invitation, you can ignore this mail.',
      '',
    ].join('\n'),
  };
}
