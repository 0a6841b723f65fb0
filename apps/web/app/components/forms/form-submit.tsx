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

/** The end of a form that can be given up: its outcome, its submit button, and Cancel beside it. */
export function FormSubmitOrCancel({
  onCancel,
  ...submitProps
}: FormSubmitProps & { busy: boolean; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <FormSubmit {...submitProps} />
      <Button variant="secondary" onClick={onCancel} disabled={submitProps.busy}>
        Cancel
      </Button>
    </div>
  );
}
