import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type MemberJoinedProps = { memberEmail: string };

/** To the owner, when a person they invited joins their workspace (key `member-joined:<member id>`). */
export const memberJoined: MailTemplate<MemberJoinedProps> = {
  optional: {
    label: 'Someone joins your workspace',
    description: 'When a person you invited accepts and starts working in your workspace.',
  },
  // The address is the one the owner typed and the member proved theirs: no one else's words.
  subject: ({ memberEmail }) => `${memberEmail} joined your workspace`,
  content: ({ memberEmail }, site) => ({
    preview: `${memberEmail} accepted your invitation.`,
    reason: `You get this mail because you own a ${site.name} workspace and invited this person.`,
    body: [
      h(
        Text,
        { key: 'joined', style: mailStyles.text },
        `${memberEmail} accepted your invitation and now works in your workspace. They see your items and can add their own.`,
      ),
      mailButton('manage', `${site.origin}/userManagement`, 'Manage users'),
    ],
  }),
  example: { memberEmail: 'grace@example.com' },
};
