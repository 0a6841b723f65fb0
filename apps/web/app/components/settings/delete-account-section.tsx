import {
  deletionConfirmationField,
  deletionConfirmationMismatch,
  deletionConfirmationWithoutEmail,
} from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import type { AuthUser } from '#web/auth/session.ts';
import { Button } from '#web/components/forms/button.tsx';
import { ChoiceGroup } from '#web/components/forms/choice-group.tsx';
import { FormDialog } from '#web/components/forms/form-dialog.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { SelectField, TextField } from '#web/components/forms/text-field.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { type DeleteAccountRequest, deleteAccount, noteAccountDeleted } from '#web/lib/account-deletion.ts';
import { listMembers, type Member } from '#web/lib/team/members.ts';

/**
 * Settings → Your data, "Delete my account" (docs/decisions/0032-account-deletion.md): a red button that
 * opens the dialog saying what happens, asking an owner whose workspace has members to transfer it or
 * delete it, and the email typed to confirm. A sign-in too old asks for the password again, as an email
 * change does; then the app goes to the home page, signed out, with a notice.
 */
export function DeleteAccountSection() {
  const { user } = useAuth();
  const [isOpen, setIsOpen] = useState(false);
  const reauthentication = useReauthentication();
  // Settings is behind the sign-in guard: the user is known here.
  if (!user) return null;
  return (
    <SettingsCard
      id="delete-account"
      title="Delete my account"
      intro="Deletes your profile, your workspace and your memberships, and cancels your subscription. This cannot be undone."
      testId="delete-account"
      isDanger
    >
      <Button variant="danger" className="mt-4" onClick={() => setIsOpen(true)}>
        Delete my account
      </Button>
      {isOpen && (
        <DeleteAccountDialog user={user} run={reauthentication.run} onClose={() => setIsOpen(false)} />
      )}
      {reauthentication.dialog}
    </SettingsCard>
  );
}

type DeletionValues = { confirmation: string; workspace: '' | 'transfer' | 'delete'; transferTo: string };

type DeletionForm = ReturnType<typeof useAppForm<DeletionValues>>;

type DialogProps = {
  user: AuthUser;
  run: ReturnType<typeof useReauthentication>['run'];
  onClose: () => void;
};

const deleteLabels = { idle: 'Delete my account', busy: 'Deleting…' };

const memberLabel = (member: Member) => {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name ? `${name} (${member.email})` : member.email;
};

/**
 * The deletion's form: the members who joined the owner's workspace (to choose its fate when there are
 * any), and the submit that deletes the account (asking for a recent sign-in through `run`), then
 * goes home signed out.
 */
function useAccountDeletion({ run }: Pick<DialogProps, 'run'>) {
  const navigate = useNavigate();
  const { endDeletedSession } = useAuth();
  const members = useApiResource((signal) => listMembers(null, signal));
  const joined = (members.data ?? []).filter((member) => member.status === 'member');
  const mustChoose = joined.length > 0;
  const form = useAppForm<DeletionValues>({ confirmation: '', workspace: '', transferTo: '' });

  const onSubmit = form.submitWith(async ({ confirmation, workspace, transferTo }) => {
    const request: DeleteAccountRequest = { confirmation: confirmation.trim() };
    if (mustChoose && workspace === 'transfer') Object.assign(request, { workspace, transferTo });
    if (mustChoose && workspace === 'delete') request.workspace = workspace;
    await run(() => deleteAccount(request));
    noteAccountDeleted();
    // The home page first: signed out on the settings page, the guard would send the person to sign in.
    await navigate('/', { replace: true });
    await endDeletedSession();
    return null;
  });
  return { form, onSubmit, members, joined, mustChoose };
}

function DeleteAccountDialog({ user, run, onClose }: DialogProps) {
  const { form, onSubmit, members, joined, mustChoose } = useAccountDeletion({ run });
  const status = user.stripeSubscriptionStatus;
  const hasSubscription = status !== null && status !== 'canceled' && status !== 'incomplete_expired';
  return (
    <FormDialog
      titleId="delete-account-dialog-title"
      title="Delete your account?"
      onClose={onClose}
      testId="delete-account-dialog"
      description={<DeletionConsequences hasSubscription={hasSubscription} />}
      formTestId="delete-account-form"
      form={form}
      onSubmit={onSubmit}
      labels={deleteLabels}
      isDanger
      submitDisabled={!members.data}
    >
      {members.error ? (
        <LoadFailure error={members.error} onRetry={members.retry} />
      ) : !members.data ? (
        <p className="text-sm text-slate-600">Loading your workspace…</p>
      ) : (
        mustChoose && <WorkspaceChoice form={form} joined={joined} />
      )}
      <ConfirmationField form={form} email={user.email} />
    </FormDialog>
  );
}

function DeletionConsequences({ hasSubscription }: { hasSubscription: boolean }) {
  return (
    <ul className="list-disc space-y-1 pl-5">
      <li>You are signed out everywhere, and you can no longer sign in with this account.</li>
      <li>Your profile, your items and your memberships of other workspaces are deleted.</li>
      {hasSubscription && <li>Your subscription is cancelled at once: you are not charged again.</li>}
      <li>Entries of yours in activity logs stay, naming you “Deleted user”.</li>
      <li>We mail you a confirmation.</li>
    </ul>
  );
}

/** An owner whose workspace has members says what becomes of it: transferred to one of them, or deleted. */
function WorkspaceChoice({ form, joined }: { form: DeletionForm; joined: Member[] }) {
  // One registration for both radios: their rule is the group's.
  const workspaceField = form.register('workspace', {
    validate: (value) => (value ? true : 'Choose what becomes of your workspace.'),
  });
  const radio = (id: string, value: DeletionValues['workspace']) => (
    <input
      id={id}
      type="radio"
      value={value}
      className="mt-0.5 size-4 shrink-0 accent-brand-600"
      {...workspaceField}
      disabled={form.isSubmitting}
    />
  );
  return (
    <ChoiceGroup
      id="delete-account-workspace"
      className="space-y-3"
      legend={`${joined.length === 1 ? 'A member has' : `${joined.length} members have`} joined your workspace. What becomes of it?`}
      error={form.formState.errors.workspace?.message}
    >
      <div className="flex items-start gap-3">
        {radio('delete-account-transfer', 'transfer')}
        <div className="min-w-0 flex-1">
          <label htmlFor="delete-account-transfer" className="block text-sm text-slate-900">
            Transfer it: its items, members and invitations go to a member, who keeps their own plan
          </label>
          {form.watch('workspace') === 'transfer' && <TransferTarget form={form} joined={joined} />}
        </div>
      </div>
      <div className="flex items-start gap-3">
        {radio('delete-account-delete-workspace', 'delete')}
        <label htmlFor="delete-account-delete-workspace" className="text-sm text-slate-900">
          Delete the workspace: its items go, and its members lose access at once
        </label>
      </div>
    </ChoiceGroup>
  );
}

function TransferTarget({ form, joined }: { form: DeletionForm; joined: Member[] }) {
  return (
    <SelectField
      id="delete-account-transfer-to"
      label="Transfer the workspace to"
      fieldClassName="mt-2"
      {...form.fieldProps('transferTo', {
        validate: (value, values) =>
          values.workspace === 'transfer' && !value ? 'Choose the member who becomes its owner.' : true,
      })}
    >
      <option value="">Choose a member…</option>
      {joined.map((member) => (
        <option key={member.id} value={member.id}>
          {memberLabel(member)}
        </option>
      ))}
    </SelectField>
  );
}

/** The person's email (any case), or the word when the account has none, typed to confirm. */
function ConfirmationField({ form, email }: { form: DeletionForm; email: string }) {
  const expected = email || deletionConfirmationWithoutEmail;
  return (
    <TextField
      id="delete-account-confirmation"
      label={email ? 'Type your email address to confirm' : `Type ${expected} to confirm`}
      hint={`Type ${expected}`}
      spellCheck={false}
      {...form.fieldProps('confirmation', {
        validate: (value: string) => {
          if (!value.trim()) return deletionConfirmationField.required;
          return (
            value.trim().toLowerCase() === expected.toLowerCase() || deletionConfirmationMismatch(expected)
          );
        },
      })}
    />
  );
}
