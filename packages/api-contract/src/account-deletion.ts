import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { ok } from './endpoint-parts.ts';
import { deletionConfirmationField, deletionConfirmationWithoutEmail } from './field-rules.ts';

// Settings → Your data, "Delete my account" (docs/decisions/0032-account-deletion.md): the person, their
// own workspace (or its transfer to a member), their memberships, their sign-in at the identity provider
// and their subscription at the payment provider.

/** How activity entries name a person who deleted their account, in place of their email. */
export const deletedActorLabel = 'Deleted user';

export const deleteAccountRequest = z
  .strictObject({
    confirmation: z
      .string({ error: deletionConfirmationField.required })
      .max(deletionConfirmationField.max, deletionConfirmationField.required)
      .describe(
        `The person's email address as they typed it (trimmed, case-insensitive); \`${deletionConfirmationWithoutEmail}\` for an account without one.`,
      ),
    workspace: z
      .enum(['transfer', 'delete'], { error: 'Choose: transfer the workspace, or delete it.' })
      .optional()
      .describe(
        "The owner's workspace: `transfer` to the member `transferTo`, or `delete` it. Required while members have joined it.",
      ),
    transferTo: z
      .string({ error: 'Choose the member to transfer the workspace to.' })
      .max(100, 'Choose the member to transfer the workspace to.')
      .optional()
      .describe('With `workspace: transfer`: the id of a joined member (Member.id) who becomes its owner.'),
  })
  .refine((body) => (body.workspace === 'transfer') === (body.transferTo !== undefined), {
    error:
      'Choose the member to transfer the workspace to, and send transferTo only with workspace: transfer.',
    path: ['transferTo'],
  })
  .meta({ id: 'DeleteAccountRequest' });

export const accountDeleted = z
  .object({
    workspace: z
      .enum(['transferred', 'deleted'])
      .describe("What became of the person's own workspace: given to a member, or deleted with its items."),
  })
  .meta({ id: 'AccountDeleted' });

export type DeleteAccountRequest = z.output<typeof deleteAccountRequest>;
export type AccountDeleted = z.output<typeof accountDeleted>;

export const accountDeletionEndpoints = [
  endpoint({
    method: 'DELETE',
    path: '/api/account',
    id: 'deleteAccount',
    tag: 'Account',
    summary: "Deletes the caller's account",
    description:
      'Needs a recent sign-in (`auth/requires-recent-login`: sign in again and retry) and the email typed as confirmation. An owner whose workspace has joined members first chooses: transfer it to one of them (its items, members, invitations and activity; not the plan) or delete it. At once: every session ends, the memberships in other workspaces end, the person’s data goes, activity entries stay with “Deleted user” in place of the email, a confirmation is mailed. Then a job cancels the subscription and deletes the customer at the payment provider and the user at the identity provider, tried again until done. A token of the deleted account is refused from then on (`auth/account-deleted`).',
    auth: 'bearer',
    request: { body: deleteAccountRequest },
    answer: ok('The account is deleted.', accountDeleted),
    errors: {
      400: ['account/confirmation-mismatch'],
      401: ['auth/requires-recent-login'],
      404: ['account/transfer-member-not-found'],
      409: ['account/workspace-choice-required', 'account/transfer-over-item-limit'],
    },
  }),
];
