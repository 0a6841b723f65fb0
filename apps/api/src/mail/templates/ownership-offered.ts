import { formatLongDate } from '@launchkit/plans';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type OwnershipOfferedProps = {
  ownerEmail: string;
  /** The owner's workspace: the offer's page is `/ownership-offers/<workspace>`. */
  workspace: string;
  expiresAt: string;
  hasPlan: boolean;
};

/** To the member an owner offers their workspace (key `ownership-offered:<workspace>:<offer time>`). */
export const ownershipOffered: MailTemplate<OwnershipOfferedProps> = {
  // The reader's decision is asked for: not something to turn off.
  optional: false,
  subject: ({ ownerEmail }) => `${ownerEmail} offers you their workspace`,
  content: ({ ownerEmail, workspace, expiresAt, hasPlan }, site) => ({
    preview: `Accept or decline by ${formatLongDate(expiresAt)}.`,
    reason: `You get this mail because you are a member of ${ownerEmail}'s ${site.name} workspace.`,
    body: [
      h(
        Text,
        { key: 'offer', style: mailStyles.text },
        `${ownerEmail} offers to make you the owner of their workspace: its items, members and activity log${hasPlan ? ', and its plan, which you would pay for from then on' : ''}. They would stay as an admin.`,
      ),
      h(
        Text,
        { key: 'until', style: mailStyles.text },
        `The offer is open until ${formatLongDate(expiresAt)}. Nothing changes unless you accept it.`,
      ),
      mailButton(
        'review',
        `${site.origin}/ownership-offers/${encodeURIComponent(workspace)}`,
        'Review the offer',
      ),
    ],
  }),
  example: {
    ownerEmail: 'ada@example.com',
    workspace: 'auth0|ada',
    expiresAt: '2026-12-03T10:00:00.000Z',
    hasPlan: true,
  },
};
