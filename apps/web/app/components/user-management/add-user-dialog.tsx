import { emailField, firstNameField, lastNameField } from '@launchkit/api-contract/field-rules';
import { Button } from '#web/components/forms/button.tsx';
import { EmailField } from '#web/components/forms/email-field.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { ModalDialog } from '#web/components/forms/modal-dialog.tsx';
import { TextField } from '#web/components/forms/text-field.tsx';
import { useAppForm } from '#web/hooks/use-app-form.ts';
import { addMember, type Member, type NewMember } from '#web/lib/team/members.ts';

/**
 * docs/product.md §2 the Add User dialog: first name, last name and email, all required (§5). A refusal
 * (the seat limit, an email already added) keeps the dialog open with the server's message (§8).
 */
export function AddUserDialog({
  onAdded,
  onClose,
}: {
  onAdded: (user: Member) => void;
  onClose: () => void;
}) {
  const { requiredProps, submitWith, outcome, isSubmitting } = useAppForm<NewMember>({
    firstName: '',
    lastName: '',
    email: '',
  });

  const onSubmit = submitWith(async (values) => {
    onAdded(
      await addMember({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
      }),
    );
  });

  return (
    <ModalDialog
      titleId="add-user-title"
      title="Add User"
      description="Each user you add takes one seat of your plan."
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
        <FormOutcome outcome={outcome} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={isSubmitting} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={isSubmitting} busyLabel="Adding…">
            Add user
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
