import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type WelcomeProps = { name: string | null };

/** After a person's first sign-in: where to start. Sent once per person (key `welcome:<uid>`). */
export const welcome: MailTemplate<WelcomeProps> = {
  optional: false,
  subject: (_props, site) => `Welcome to ${site.name}`,
  content: ({ name }, site) => ({
    preview: `Your ${site.name} account is ready.`,
    reason: `You get this mail because you created a ${site.name} account. It is sent once.`,
    body: [
      h(Text, { key: 'hello', style: mailStyles.text }, name?.trim() ? `Hello ${name.trim()},` : 'Hello,'),
      h(
        Text,
        { key: 'ready', style: mailStyles.text },
        `Your ${site.name} account is ready. Your dashboard lists your items as they change; choose a plan when you want to invite your team.`,
      ),
      mailButton('start', `${site.origin}/dashboard`, 'Open your dashboard'),
      h(
        Text,
        { key: 'help', style: mailStyles.muted },
        `Questions? Answer this mail or write to us from ${site.origin}/contact.`,
      ),
    ],
  }),
  example: { name: 'Ada Lovelace' },
};
