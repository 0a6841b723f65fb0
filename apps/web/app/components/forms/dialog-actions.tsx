import { Button } from './button.tsx';

/** The foot of a form in a dialog: Cancel, then the submit button (stacked on a phone, submit on top). */
export function DialogActions({
  busy,
  onCancel,
  submitLabel,
  busyLabel,
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" busy={busy} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </div>
  );
}
