import type { ReactNode } from 'react';
import { Alert } from './alert.tsx';
import { DialogActions } from './dialog-actions.tsx';
import { ModalDialog } from './modal-dialog.tsx';

/**
 * Asks before an action that cannot be taken back; the confirm button repeats the action's name
 * (`Withdraw invitation`, `Remove`), so the choice reads the same in the row and in the dialog.
 */
export function ConfirmDialog({
  id,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  busyLabel,
  error,
}: {
  /** Names the dialog: its title is `${id}-title`, its test id `${id}-dialog`. */
  id: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the action runs, when the dialog stays open for it: both buttons disabled, `busyLabel` shown. */
  busy?: boolean;
  busyLabel?: string;
  /** Why the action failed, above the buttons; the dialog stays open to try again. */
  error?: string | null;
}) {
  return (
    <ModalDialog
      titleId={`${id}-title`}
      title={title}
      description={description}
      onClose={onCancel}
      testId={`${id}-dialog`}
    >
      {error && (
        <Alert variant="error" className="mb-4">
          {error}
        </Alert>
      )}
      <DialogActions
        onCancel={onCancel}
        submitLabel={confirmLabel}
        onConfirm={onConfirm}
        busy={busy}
        busyLabel={busyLabel}
        isDanger
      />
    </ModalDialog>
  );
}
