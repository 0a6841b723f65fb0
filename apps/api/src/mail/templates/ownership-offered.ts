import { formatLongDate } from '@launchkit/plans';
import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailButton, mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type OwnershipOfferedProps = {
  /** The owner's address only when the identity provider says they verified it; null otherwise. */
  ownerVerifiedEmail: string | null;
  /** The owner's workspace: the offer's page is `/ownership-offers/<workspace>`. */
  workspace: string;
  expiresAt: string;
  hasPlan: boolean;
};

/** To the member an owner offers their workspace (key `ownership-offered:<workspace>:<offer time>`). */
export const ownershipOffered: MailTemplate<OwnershipOfferedProps> = {
  // The reader's decision is asked for: not something to turn off.
  optional: false,
  // Nothing an owner chose, and no address, in the subject: the product's sender speaks for itself.
  subject: () => 'You are offered the ownership of a workspace',
  content: ({ ownerVerifiedEmail, workspace, expiresAt, hasPlan }, site) => ({
    preview: `Accept or decline by ${formatLongDate(expiresAt)}.`,
    reason: `You get this mail because you are a member of a ${site.name} workspace whose owner offers it to you.`,
    body: [
      h(
        Text,
        { key: 'offer', style: mailStyles.text },
        `${ownerVerifiedEmail ? `The owner of a workspace you are a member of, signed in as ${ownerVerifiedEmail},` : 'The owner of a workspace you are a member of'} offers to make you its owner: its items, members and activity log${hasPlan ? ', and its plan, which you would pay for from then on' : ''}. They would stay as an admin.`,
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
    ownerVerifiedEmail: 'ada@example.com',
    workspace: 'auth0|ada',
    expiresAt: '2026-12-03T10:00:00.000Z',
    hasPlan: true,
  },
};
