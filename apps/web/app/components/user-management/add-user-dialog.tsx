import { emailField, firstNameField, lastNameField } from '@launchkit/api-contract/field-rules';
import { useState } from 'react';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormDialog } from '#web/components/forms/form-dialog.tsx';
import { Options, SelectField, TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { addMember, type Member, type NewMember } from '#web/lib/team/members.ts';
import { type MemberRole, roleHints, roleNames } from '#web/lib/team/roles.ts';

const addLabels = { idle: 'Add user', busy: 'Adding…' };

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
  const form = useAppForm<Omit<NewMember, 'role'>>({ firstName: '', lastName: '', email: '' });
  const { requiredProps, submitWith } = form;
  const [role, setRole] = useState<MemberRole>('member');

  const onSubmit = submitWith(async ({ firstName, lastName, email }) => {
    const member = { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), role };
    onAdded(await addMember(member, workspace));
  });

  return (
    <FormDialog
      titleId="add-user-title"
      title="Add User"
      description={`Each user you add takes one seat of ${workspace === null ? 'your' : 'the'} plan.`}
      onClose={onClose}
      testId="add-user-dialog"
      formTestId="add-user-form"
      form={form}
      onSubmit={onSubmit}
      labels={addLabels}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="add-user-first-name"
          label="First name"
          {...requiredProps('firstName', firstNameField)}
        />
        <TextField id="add-user-last-name" label="Last name" {...requiredProps('lastName', lastNameField)} />
      </div>
      <EmailField id="add-user-email" autoComplete="off" {...requiredProps('email', emailField)} />
      <SelectField
        id="add-user-role"
        label="Role"
        hint={roleHints[role]}
        value={role}
        onChange={(event) => setRole(event.currentTarget.value as MemberRole)}
      >
        <Options values={roles} labels={roleNames} />
      </SelectField>
    </FormDialog>
  );
}
