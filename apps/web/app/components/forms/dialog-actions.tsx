import { Button } from './button.tsx';

type DialogActionsProps = {
  onCancel: () => void;
  submitLabel: string;
  /** While true both buttons are disabled and the submit button shows `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** The action cannot be taken back (delete, remove): the submit button is red. */
  isDanger?: boolean;
  submitDisabled?: boolean;
  /** A confirmation without a form: the button acts on click instead of submitting. */
  onConfirm?: () => void;
};

/** The foot of a dialog: Cancel, then its action (stacked on a phone, the action on top). */
export function DialogActions({
  onCancel,
  submitLabel,
  busy = false,
  busyLabel,
  isDanger = false,
  submitDisabled,
  onConfirm,
}: DialogActionsProps) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        onClick={onConfirm}
        variant={isDanger ? 'danger' : 'primary'}
        busy={busy}
        busyLabel={busyLabel}
        disabled={submitDisabled}
      >
        {submitLabel}
      </Button>
    </div>
  );
}
