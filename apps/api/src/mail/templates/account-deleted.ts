import { Text } from '@react-email/text';
import { createElement as h } from 'react';
import { mailStyles } from '../mail-layout.ts';
import type { MailTemplate } from '../mail-template.ts';

export type AccountDeletedProps = {
  name: string | null;
  /** What became of the person's own workspace. */
  workspace: 'transferred' | 'deleted';
  /** The member who now owns it, when it was transferred. */
  newOwnerEmail: string | null;
  /** Whether a subscription is being cancelled at the payment provider. */
  hadSubscription: boolean;
};

/**
 * The confirmation of "Delete my account" (account/delete-account.ts, key `account-deleted:<uid>`),
 * ordered before the person's row goes, to the address it held. A duty of the deletion: not optional.
 */
export const accountDeleted: MailTemplate<AccountDeletedProps> = {
  optional: false,
  subject: (_props, site) => `Your ${site.name} account has been deleted`,
  content: ({ name, workspace, newOwnerEmail, hadSubscription }, site) => ({
    preview: `Your ${site.name} account and its data are gone.`,
    reason: `You get this mail because you deleted your ${site.name} account. It is the last one we send you.`,
    body: [
      h(Text, { key: 'hello', style: mailStyles.text }, name?.trim() ? `Hello ${name.trim()},` : 'Hello,'),
      h(
        Text,
        { key: 'deleted', style: mailStyles.text },
        `As you asked, your ${site.name} account has been deleted: you are signed out everywhere, and you can no longer sign in with it. Your profile and your memberships of other workspaces are gone.`,
      ),
      h(
        Text,
        { key: 'workspace', style: mailStyles.text },
        workspace === 'transferred' && newOwnerEmail
          ? `Your workspace, with its items and its members, now belongs to ${newOwnerEmail}.`
          : 'Your workspace and its items have been deleted; its members no longer have access.',
      ),
      ...(hadSubscription
        ? [
            h(
              Text,
              { key: 'billing', style: mailStyles.text },
              'Your subscription is cancelled: you will not be charged again.',
            ),
          ]
        : []),
      h(
        Text,
        { key: 'help', style: mailStyles.muted },
        `Did not ask for this? Write to us at once from ${site.origin}/contact.`,
      ),
    ],
  }),
  example: {
    name: 'Ada Lovelace',
    workspace: 'transferred',
    newOwnerEmail: 'grace@example.com',
    hadSubscription: true,
  },
};
