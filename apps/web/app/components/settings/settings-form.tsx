import type { ComponentProps, ReactNode } from 'react';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import type { Outcome } from '#web/hooks/use-app-form.ts';

type SettingsFormProps = {
  /** The useAppForm the fields belong to: its outcome and whether it is being submitted. */
  form: { outcome: Outcome | null; isSubmitting: boolean };
  onSubmit: ComponentProps<'form'>['onSubmit'];
  labels: { idle: string; busy: string };
  testId: string;
  children: ReactNode;
};

/** A settings section's form: its fields, then the outcome of saving and the save button. */
export function SettingsForm({ form, onSubmit, labels, testId, children }: SettingsFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" data-testid={testId}>
      {children}
      <FormSubmit outcome={form.outcome} busy={form.isSubmitting} busyLabel={labels.busy}>
        {labels.idle}
      </FormSubmit>
    </form>
  );
}
