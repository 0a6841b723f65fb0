import type { ReasonDialogProps, ReasonValues } from './reason-dialog.tsx';

/**
 * An action the workspace page asks a reason for: the dialog's words, what it asks besides the reason,
 * and the call. Built by the page (customer-workspace.tsx) for the thing it acts on.
 */
export type PendingAction = Omit<ReasonDialogProps, 'onSubmit' | 'onClose'> & {
  /** What the action does; its answer's message, shown once it is done. */
  run: (values: ReasonValues) => Promise<string>;
};
