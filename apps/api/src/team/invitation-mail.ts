import type { MailMessage } from '@launchkit/mail';
import { formatLongDate } from '@launchkit/plans';

export type InvitationMailInput = {
  to: string;
  firstName: string;
  owner: { name: string | null; email: string };
  link: string;
  expiresAt: Date;
};

/** The subject: nothing an owner wrote, so the product's sender never carries someone else's words. */
export const invitationSubject = 'You are invited to join a workspace';

/**
 * The invitation mail: who invites, the link, and until when it works. Plain text, no tracking. What
 * the owner typed (their name, the invitee's name) stands quoted, on lines of its own, marked as theirs:
 * the mail comes from the product's own sender, which must not lend its voice to an owner's text.
 */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const ownerName = input.owner.name?.trim();
  const theirWords = [
    ...(ownerName && ownerName !== input.owner.email ? [`  Their name: “${ownerName}”`] : []),
    ...(input.firstName.trim() ? [`  Your name: “${input.firstName.trim()}”`] : []),
  ];
  return {
    to: input.to,
    subject: invitationSubject,
    text: [
      'Hello,',
      '',
      `The owner of a workspace, signed in as ${input.owner.email || 'an account without an email'}, invited you to work with them in it.`,
      ...(theirWords.length > 0 ? ['', 'What they wrote, as they typed it:', ...theirWords] : []),
      '',
      'Open this link to join:',
      input.link,
      '',
      `Sign up or sign in with this email address (${input.to}) to join. The link works once and expires on ${formatLongDate(input.expiresAt)}; after that, ask the owner to send a new one.`,
      '',
      'If you did not expect this invitation, you can ignore this mail.',
      '',
    ].join('\n'),
  };
}
