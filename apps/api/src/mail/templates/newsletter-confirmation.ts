import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles, spelledOutLink } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type NewsletterConfirmationProps = { link: string };

/** Double opt-in: the address counts as subscribed once this mail's link is followed. */
export const newsletterConfirmation: MailTemplate<NewsletterConfirmationProps> = {
  optional: false,
  subject: (_props, site) => `Confirm your subscription to the ${site.name} newsletter`,
  content: ({ link }, site) => ({
    preview: 'One click to confirm your address.',
    reason: `You get this mail because this address was entered in the newsletter form of ${site.name}. If that was not you, ignore it: nothing is sent to you unless you confirm.`,
    body: [
      h(
        Text,
        { key: 'ask', style: mailStyles.text },
        `Please confirm that you want the ${site.name} newsletter at this address.`,
      ),
      mailButton('confirm', link, 'Confirm my subscription'),
      spelledOutLink(link),
      h(Text, { key: 'expiry', style: mailStyles.muted }, 'The link works for 7 days.'),
    ],
  }),
  example: { link: 'http://localhost:3000/newsletter#example-token' },
};
