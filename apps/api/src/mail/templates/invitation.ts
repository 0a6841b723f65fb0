import { formatLongDate } from '@launchkit/plans';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles, spelledOutLink } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type InvitationProps = {
  /** The invitee's address, said in the mail: they must sign in with it. */
  to: string;
  firstName: string;
  owner: { name: string | null; email: string };
  link: string;
  /** ISO 8601: props travel as JSON in the mail's job. */
  expiresAt: string;
};

/** The subject: nothing an owner wrote, so the product's sender never carries someone else's words. */
export const invitationSubject = 'You are invited to join a workspace';

/**
 * The invitation: who invites, the link, and until when it works. What the owner typed (their name,
 * the invitee's name) stands quoted, on lines of its own, marked as theirs: the mail comes from the
 * product's own sender, which must not lend its voice to an owner's text.
 */
export const invitation: MailTemplate<InvitationProps> = {
  optional: false,
  subject: () => invitationSubject,
  content: (props) => invitationContent(props, false),
  example: {
    to: 'ada@example.com',
    firstName: 'Ada',
    owner: { name: 'Olivia Owner', email: 'olivia@example.com' },
    link: 'http://localhost:3000/invitation#example-token',
    expiresAt: '2026-12-03T12:00:00.000Z',
  },
};

/** Three days later, to an invitation still pending with the same link (team/invitation-reminder.ts). */
export const invitationReminder: MailTemplate<InvitationProps> = {
  optional: false,
  subject: () => 'Reminder: you are invited to join a workspace',
  content: (props) => invitationContent(props, true),
  example: invitation.example,
};

function invitationContent(props: InvitationProps, reminder: boolean) {
  const ownerName = props.owner.name?.trim();
  const theirWords = [
    ...(ownerName && ownerName !== props.owner.email ? [`Their name: “${ownerName}”`] : []),
    ...(props.firstName.trim() ? [`Your name: “${props.firstName.trim()}”`] : []),
  ];
  const inviter = props.owner.email || 'an account without an email';
  return {
    preview: `${inviter} invited you to work with them.`,
    reason:
      'You get this mail because the owner of a workspace entered your address. If you did not expect this invitation, you can ignore this mail.',
    body: [
      h(Text, { key: 'hello', style: mailStyles.text }, 'Hello,'),
      reminder &&
        h(
          Text,
          { key: 'reminder', style: mailStyles.text },
          'A reminder: this invitation is still waiting for you.',
        ),
      h(
        Text,
        { key: 'who', style: mailStyles.text },
        `The owner of a workspace, signed in as ${inviter}, invited you to work with them in it.`,
      ),
      theirWords.length > 0 &&
        h(
          Section,
          { key: 'their-words' },
          h(Text, { style: mailStyles.muted }, 'What they wrote, as they typed it:'),
          ...theirWords.map((line) => h(Text, { key: line, style: mailStyles.quote }, line)),
        ),
      mailButton('join', props.link, 'Join the workspace'),
      spelledOutLink(props.link),
      h(
        Text,
        { key: 'expiry', style: mailStyles.text },
        `Sign up or sign in with this email address (${props.to}) to join. The link works once and expires on ${formatLongDate(new Date(props.expiresAt))}; after that, ask the owner to send a new one.`,
      ),
    ],
  };
}
