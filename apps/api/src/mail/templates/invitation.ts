import { formatLongDate } from '@launchkit/plans';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { freshInvitationLink, type InvitationSending } from '../invitation-link.ts';
import { mailButton, mailStyles, spelledOutLink } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type InvitationProps = {
  /** The invitee's address, said in the mail: they must sign in with it. */
  to: string;
  firstName: string;
  /**
   * The workspace's owner: the name they typed, and their address only when the identity provider
   * says they verified it (null otherwise: the mail then says nothing of who they are).
   */
  owner: { name: string | null; verifiedEmail: string | null };
  /** Which sending this mail is for: its link is made from it as the mail's job runs. */
  invitation: InvitationSending;
  /** Made by `atSending`, never ordered: the token is in the mail only. */
  link?: string;
  /** ISO 8601: props travel as JSON in the mail's job. */
  expiresAt: string;
};

/** A new link for the invitation, or nothing to send once it is no longer pending at this sending. */
async function withFreshLink(
  props: InvitationProps,
  context: Parameters<NonNullable<MailTemplate<InvitationProps>['atSending']>>[1],
): Promise<InvitationProps | null> {
  // Ordered before links were made at sending: it carries its own.
  if (!props.invitation) return props;
  const link = await freshInvitationLink(context.db, context.site.origin, props.invitation);
  return link ? { ...props, link } : null;
}

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
  atSending: withFreshLink,
  example: {
    to: 'ada@example.com',
    firstName: 'Ada',
    owner: { name: 'Olivia Owner', verifiedEmail: 'olivia@example.com' },
    invitation: { id: '00000000-0000-4000-8000-000000000000', sentAt: '2026-11-26T12:00:00.000Z' },
    link: 'http://localhost:3000/invitation#example-token',
    expiresAt: '2026-12-03T12:00:00.000Z',
  },
};

/**
 * Three days later, to an invitation still pending at the same sending (team/invitation-reminder.ts),
 * with a new link: the one in the first mail stops working.
 */
export const invitationReminder: MailTemplate<InvitationProps> = {
  optional: false,
  subject: () => 'Reminder: you are invited to join a workspace',
  content: (props) => invitationContent(props, true),
  atSending: withFreshLink,
  example: invitation.example,
};

/**
 * The names the owner typed, in one plain sentence on a line of its own, each in quotation marks:
 * marked as theirs, never in the product's own voice. Null when they typed none.
 */
function namesTheyGave(ownerName: string, firstName: string): string | null {
  if (ownerName && firstName) return `They gave their name as “${ownerName}” and yours as “${firstName}”.`;
  if (ownerName) return `They gave their name as “${ownerName}”.`;
  if (firstName) return `They gave your name as “${firstName}”.`;
  return null;
}

function invitationContent(props: InvitationProps, reminder: boolean) {
  const ownerName = props.owner.name?.trim();
  const verifiedEmail = props.owner.verifiedEmail;
  const theirWords = namesTheyGave(
    ownerName && ownerName !== verifiedEmail ? ownerName : '',
    props.firstName.trim(),
  );
  const link = props.link ?? '';
  return {
    preview: verifiedEmail
      ? `${verifiedEmail} invited you to work with them.`
      : 'You are invited to work in a workspace.',
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
        // Only an address its owner proved is theirs is presented as who they are.
        verifiedEmail
          ? `The owner of a workspace, signed in as ${verifiedEmail}, invited you to work with them in it.`
          : 'The owner of a workspace invited you to work with them in it.',
      ),
      theirWords && h(Section, { key: 'their-words' }, h(Text, { style: mailStyles.quote }, theirWords)),
      reminder &&
        h(
          Text,
          { key: 'new-link', style: mailStyles.text },
          'This mail carries a new link: the one in the first mail no longer works.',
        ),
      mailButton('join', link, 'Join the workspace'),
      spelledOutLink(link),
      h(
        Text,
        { key: 'expiry', style: mailStyles.text },
        `Sign up or sign in with this email address (${props.to}) to join. The link works once and expires on ${formatLongDate(new Date(props.expiresAt))}; after that, ask the owner to send a new one.`,
      ),
    ],
  };
}
