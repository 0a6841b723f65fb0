import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { ModalDialog } from './modal-dialog.tsx';

/**
 * Asks before an action that cannot be taken back; the confirm button repeats the action's name
 * (`Withdraw invitation`, `Remove`), so the choice reads the same in the row and in the dialog.
 */
export function ConfirmDialog({
  titleId,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  testId,
}: {
  titleId: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <ModalDialog titleId={titleId} title={title} description={description} onClose={onCancel} testId={testId}>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button className="bg-red-700 hover:bg-red-800" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
