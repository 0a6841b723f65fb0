import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type WebhookEndpointDisabledProps = { url: string; lastError: string };

/**
 * To the workspace's owner and admins, when one of its webhook endpoints failed every delivery for a
 * day and was turned off (key `webhook-endpoint-disabled:<endpoint>:<failing since>:<recipient>`).
 * Not optional: events stop reaching their systems until someone acts.
 */
export const webhookEndpointDisabled: MailTemplate<WebhookEndpointDisabledProps> = {
  optional: false,
  subject: () => 'A webhook endpoint was turned off',
  content: ({ url, lastError }, site) => ({
    preview: `Deliveries to ${url} failed for a day.`,
    reason: `You get this mail because you administer a ${site.name} workspace with this webhook endpoint.`,
    body: [
      h(
        Text,
        { key: 'disabled', style: mailStyles.text },
        `Every delivery to ${url} failed for a day, so the endpoint was turned off: it receives no events until it is turned on again.`,
      ),
      h(Text, { key: 'error', style: mailStyles.text }, `The last attempt: ${lastError}`),
      mailButton('open', `${site.origin}/webhooks`, 'Open webhooks'),
    ],
  }),
  example: { url: 'https://hooks.example.com/launchkit', lastError: 'The endpoint answered 500.' },
};
