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
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { useReauthentication } from '#web/hooks/use-reauthentication.tsx';
import { type DeleteAccountRequest, deleteAccount, noteAccountDeleted } from '#web/lib/account-deletion.ts';
import { ApiError } from '#web/lib/api.ts';
import { listMembers, type Member } from '#web/lib/team/members.ts';

const dangerButton = 'bg-red-700 hover:bg-red-800 focus-visible:outline-red-700';

/**
 * Settings → Account, "Delete my account" (docs/decisions/0032-account-deletion.md): a red button that
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
    <section
      aria-labelledby="delete-account-title"
      className="rounded-lg bg-white p-6 ring-1 ring-red-200"
      data-testid="delete-account"
    >
      <h2 id="delete-account-title" className="text-base font-semibold text-slate-900">
        Delete my account
      </h2>
      <p className="mt-3 text-sm text-slate-700">
        Deletes your profile, your workspace and your memberships, and cancels your subscription. This cannot
        be undone.
      </p>
      <Button className={`mt-4 ${dangerButton}`} onClick={() => setIsOpen(true)}>
        Delete my account
      </Button>
      {isOpen && (
        <DeleteAccountDialog user={user} run={reauthentication.run} onClose={() => setIsOpen(false)} />
      )}
      {reauthentication.dialog}
    </section>
  );
}

type DeletionValues = { confirmation: string; workspace: '' | 'transfer' | 'delete'; transferTo: string };

type DialogProps = {
  user: AuthUser;
  run: ReturnType<typeof useReauthentication>['run'];
  onClose: () => void;
};

const memberLabel = (member: Member) => {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name ? `${name} (${member.email})` : member.email;
};

function DeleteAccountDialog({ user, run, onClose }: DialogProps) {
  const navigate = useNavigate();
  const { endDeletedSession } = useAuth();
  const members = useApiResource((signal) => listMembers(null, signal));
  const joined = (members.data ?? []).filter((member) => member.status === 'member');
  const mustChoose = joined.length > 0;
  const expected = user.email || deletionConfirmationWithoutEmail;
  const status = user.stripeSubscriptionStatus;
  const hasSubscription = status !== null && status !== 'canceled' && status !== 'incomplete_expired';
  const form = useAppForm<DeletionValues>({ confirmation: '', workspace: '', transferTo: '' });
  const { fieldProps, register, submitWith, watch, setError, isSubmitting, outcome, formState } = form;
  const choice = watch('workspace');
  // One registration for both radios: their rule is the group's.
  const workspaceField = register('workspace', {
    validate: (value) => (mustChoose && !value ? 'Choose what becomes of your workspace.' : true),
  });

  const onSubmit = submitWith(async ({ confirmation, workspace, transferTo }) => {
    const request: DeleteAccountRequest = { confirmation: confirmation.trim() };
    if (mustChoose && workspace === 'transfer') Object.assign(request, { workspace, transferTo });
    if (mustChoose && workspace === 'delete') request.workspace = workspace;
    try {
      await run(() => deleteAccount(request));
    } catch (error) {
      const message = error instanceof ApiError ? error.fields?.confirmation : undefined;
      if (!message) throw error;
      setError('confirmation', { message }, { shouldFocus: true });
      return null;
    }
    noteAccountDeleted();
    // The home page first: signed out on the settings page, the guard would send the person to sign in.
    await navigate('/', { replace: true });
    await endDeletedSession();
    return null;
  });

  const workspaceError = formState.errors.workspace?.message;
  const transferError = formState.errors.transferTo?.message;

  return (
    <ModalDialog
      titleId="delete-account-dialog-title"
      title="Delete your account?"
      onClose={onClose}
      testId="delete-account-dialog"
      description={
        <ul className="list-disc space-y-1 pl-5">
          <li>You are signed out everywhere, and you can no longer sign in with this account.</li>
          <li>Your profile, your items and your memberships of other workspaces are deleted.</li>
          {hasSubscription && <li>Your subscription is cancelled at once: you are not charged again.</li>}
          <li>Entries of yours in activity logs stay, naming you “Deleted user”.</li>
          <li>We mail you a confirmation.</li>
        </ul>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="delete-account-form">
        {members.error ? (
          <LoadFailure error={members.error} onRetry={members.retry} />
        ) : !members.data ? (
          <p className="text-sm text-slate-600">Loading your workspace…</p>
        ) : (
          mustChoose && (
            <fieldset
              className="space-y-3"
              aria-describedby={workspaceError ? 'delete-account-workspace-error' : undefined}
            >
              <legend className="text-sm font-medium text-slate-900">
                {joined.length === 1 ? 'A member has' : `${joined.length} members have`} joined your
                workspace. What becomes of it?
              </legend>
              <div className="flex items-start gap-3">
                <input
                  id="delete-account-transfer"
                  type="radio"
                  value="transfer"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  {...workspaceField}
                  disabled={isSubmitting}
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor="delete-account-transfer" className="block text-sm text-slate-900">
                    Transfer it: its items, members and invitations go to a member, who keeps their own plan
                  </label>
                  {choice === 'transfer' && (
                    <div className="mt-2">
                      <label
                        htmlFor="delete-account-transfer-to"
                        className="block text-sm font-medium text-slate-900"
                      >
                        Transfer the workspace to
                      </label>
                      <select
                        id="delete-account-transfer-to"
                        className={`mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none ${transferError ? 'border-red-600' : 'border-slate-300'}`}
                        aria-invalid={transferError ? true : undefined}
                        aria-describedby={transferError ? 'delete-account-transfer-to-error' : undefined}
                        disabled={isSubmitting}
                        {...register('transferTo', {
                          validate: (value, values) =>
                            values.workspace === 'transfer' && !value
                              ? 'Choose the member who becomes its owner.'
                              : true,
                        })}
                      >
                        <option value="">Choose a member…</option>
                        {joined.map((member) => (
                          <option key={member.id} value={member.id}>
                            {memberLabel(member)}
                          </option>
                        ))}
                      </select>
                      {transferError && (
                        <p id="delete-account-transfer-to-error" className="mt-1.5 text-sm text-red-700">
                          {transferError}
                        </p>
                      )}
                    </div>
                  )}
                </div>
              </div>
              <div className="flex items-start gap-3">
                <input
                  id="delete-account-delete-workspace"
                  type="radio"
                  value="delete"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  {...workspaceField}
                  disabled={isSubmitting}
                />
                <label htmlFor="delete-account-delete-workspace" className="text-sm text-slate-900">
                  Delete the workspace: its items go, and its members lose access at once
                </label>
              </div>
              {workspaceError && (
                <p id="delete-account-workspace-error" className="text-sm text-red-700">
                  {workspaceError}
                </p>
              )}
            </fieldset>
          )
        )}
        <TextField
          id="delete-account-confirmation"
          label={user.email ? 'Type your email address to confirm' : `Type ${expected} to confirm`}
          hint={`Type ${expected}`}
          autoComplete="off"
          spellCheck={false}
          {...fieldProps('confirmation', {
            validate: (value: string) => {
              if (!value.trim()) return deletionConfirmationField.required;
              return (
                value.trim().toLowerCase() === expected.toLowerCase() ||
                deletionConfirmationMismatch(expected)
              );
            },
          })}
        />
        <FormOutcome outcome={outcome} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            className={dangerButton}
            busy={isSubmitting}
            busyLabel="Deleting…"
            disabled={!members.data}
          >
            Delete my account
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
