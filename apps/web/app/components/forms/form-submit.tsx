import type { ComponentProps } from 'react';
import type { Outcome } from '#web/hooks/use-app-form.ts';
import { Button } from './button.tsx';
import { FormOutcome } from './form-outcome.tsx';

type FormSubmitProps = Omit<ComponentProps<typeof Button>, 'type'> & { outcome: Outcome | null };

/** The end of a form: its last action's outcome, then its submit button. */
export function FormSubmit({ outcome, ...buttonProps }: FormSubmitProps) {
  return (
    <>
      <FormOutcome outcome={outcome} />
      <Button type="submit" {...buttonProps} />
    </>
  );
}
