import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type ContactNotificationProps = { name: string; email: string; message: string };

/** To the site's inbox (CONTACT_INBOX): a message sent with the contact form; a reply goes to its sender. */
export const contactNotification: MailTemplate<ContactNotificationProps> = {
  optional: false,
  subject: ({ name, email }) => `New contact message from ${name || email}`,
  content: ({ name, email, message }, site) => ({
    preview: message.slice(0, 120),
    reason: `Sent to the contact inbox of ${site.name} by its contact form. Reply to answer the sender.`,
    body: [
      h(Text, { key: 'from', style: mailStyles.muted }, `From: ${name ? `${name} <${email}>` : email}`),
      // Line by line: a break in the HTML is one in the plain text too (white space is folded there).
      h(
        Text,
        { key: 'message', style: mailStyles.text },
        ...message
          .split('\n')
          .flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: index }), line])),
      ),
    ],
  }),
  example: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: 'Hello! Do you offer a discount for schools?\n\nThanks,\nAda',
  },
};
