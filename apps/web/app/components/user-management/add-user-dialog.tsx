import { emailField, firstNameField, lastNameField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { DialogActions } from '#web/components/forms/dialog-actions.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { addMember, type Member, type NewMember } from '#web/lib/team/members.ts';
import { type MemberRole, roleHints, roleNames } from '#web/lib/team/roles.ts';

/**
 * docs/product.md §2 the Add User dialog: first name, last name and email, all required (§5), and the
 * role (docs/team.md, Roles; member unless chosen, among `roles`: those the person adding may give). A
 * refusal (the seat limit, an email already added) keeps the dialog open with the server's message (§8).
 */
export function AddUserDialog({
  workspace,
  roles,
  onAdded,
  onClose,
}: {
  workspace: string | null;
  roles: readonly MemberRole[];
  onAdded: (user: Member) => void;
  onClose: () => void;
}) {
  const { requiredProps, submitWith, outcome, isSubmitting } = useAppForm<Omit<NewMember, 'role'>>({
    firstName: '',
    lastName: '',
    email: '',
  });
  const [role, setRole] = useState<MemberRole>('member');

  const onSubmit = submitWith(async (values) => {
    onAdded(
      await addMember(
        {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          role,
        },
        workspace,
      ),
    );
  });

  return (
    <ModalDialog
      titleId="add-user-title"
      title="Add User"
      description={`Each user you add takes one seat of ${workspace === null ? 'your' : 'the'} plan.`}
      onClose={onClose}
      testId="add-user-dialog"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="add-user-form">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="add-user-first-name"
            label="First name"
            autoComplete="off"
            {...requiredProps('firstName', firstNameField)}
          />
          <TextField
            id="add-user-last-name"
            label="Last name"
            autoComplete="off"
            {...requiredProps('lastName', lastNameField)}
          />
        </div>
        <EmailField id="add-user-email" autoComplete="off" {...requiredProps('email', emailField)} />
        <div>
          <label htmlFor="add-user-role" className="block text-sm font-medium text-slate-900">
            Role
          </label>
          <select
            id="add-user-role"
            value={role}
            aria-describedby="add-user-role-hint"
            onChange={(event) => setRole(event.currentTarget.value as MemberRole)}
            className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
          >
            {roles.map((candidate) => (
              <option key={candidate} value={candidate}>
                {roleNames[candidate]}
              </option>
            ))}
          </select>
          <p id="add-user-role-hint" className="mt-1.5 text-sm text-slate-600">
            {roleHints[role]}
          </p>
        </div>
        <FormOutcome outcome={outcome} />
        <DialogActions busy={isSubmitting} onCancel={onClose} submitLabel="Add user" busyLabel="Adding…" />
      </form>
    </ModalDialog>
  );
}
