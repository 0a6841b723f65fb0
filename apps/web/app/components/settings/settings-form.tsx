import type { ComponentProps, ReactNode } from 'react';
import { FormSubmit } from '#web/components/forms/form-submit.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import type { Outcome } from '#web/hooks/use-app-form.ts';

type SettingsFormProps = {
  /** The useAppForm the fields belong to: its outcome and whether it is being submitted. */
  form: { outcome: Outcome | null; isSubmitting: boolean };
  onSubmit: ComponentProps<'form'>['onSubmit'];
  labels: { idle: string; busy: string };
  testId: string;
  /** The card the form sits in, as every settings section does (SettingsCard). */
  card: { id: string; title: string; intro: ReactNode };
  children: ReactNode;
};

/** A settings section's form in its card: its fields, then the outcome of saving and the save button. */
export function SettingsForm({ form, onSubmit, labels, testId, card, children }: SettingsFormProps) {
  return (
    <SettingsCard {...card}>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6" data-testid={testId}>
        {children}
        <FormSubmit outcome={form.outcome} busy={form.isSubmitting} busyLabel={labels.busy}>
          {labels.idle}
        </FormSubmit>
      </form>
    </SettingsCard>
  );
}
