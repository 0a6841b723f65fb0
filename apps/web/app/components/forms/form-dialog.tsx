import type { ComponentProps, ReactNode } from 'react';
import type { Outcome } from '#web/hooks/use-app-form.ts';
import { DialogActions } from './dialog-actions.tsx';
import { FormOutcome } from './form-outcome.tsx';
import { ModalDialog } from './modal-dialog.tsx';

type FormDialogProps = Omit<ComponentProps<typeof ModalDialog>, 'children'> & {
  /** The useAppForm the fields belong to: its outcome and whether it is being submitted. */
  form: { outcome: Outcome | null; isSubmitting: boolean };
  onSubmit: ComponentProps<'form'>['onSubmit'];
  /** The submit button's label, and its label while the form is submitted. */
  labels: { idle: string; busy: string };
  isDanger?: boolean;
  submitDisabled?: boolean;
  formTestId?: string;
  /** The fields (TextField, SelectField, ChoiceGroup…), each showing its own error. */
  children: ReactNode;
};

/**
 * A form in a modal dialog: its fields, the outcome of its action (an error keeps the dialog open with
 * the server's message), then Cancel and the submit button. Cancel and Escape close it.
 * A dialog's fields are about someone or something else (a new user, a key, an endpoint), so the form
 * turns the browser's autofill off for them: it must not offer the person's own name or address.
 */
export function FormDialog({
  form,
  onSubmit,
  labels,
  isDanger,
  submitDisabled,
  formTestId,
  children,
  onClose,
  ...dialog
}: FormDialogProps) {
  return (
    <ModalDialog {...dialog} onClose={onClose}>
      <form noValidate autoComplete="off" onSubmit={onSubmit} className="space-y-5" data-testid={formTestId}>
        {children}
        <FormOutcome outcome={form.outcome} />
        <DialogActions
          busy={form.isSubmitting}
          onCancel={onClose}
          submitLabel={labels.idle}
          busyLabel={labels.busy}
          isDanger={isDanger}
          submitDisabled={submitDisabled}
        />
      </form>
    </ModalDialog>
  );
}
