import { type ReactNode, useEffect, useRef } from 'react';

type ModalDialogProps = {
  /** An explicit id (never useId: see docs/decisions/0019) for the title that names the dialog. */
  titleId: string;
  title: string;
  description?: ReactNode;
  /** Escape and the caller's Cancel button end here; the caller then stops rendering the dialog. */
  onClose: () => void;
  children: ReactNode;
  testId?: string;
};

/**
 * A modal shown while it is rendered. The native <dialog> opened with showModal keeps focus inside,
 * makes the page behind inert and closes on Escape; focus goes back to where it was on closing.
 */
export function ModalDialog({ titleId, title, description, onClose, children, testId }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/50 sm:p-8"
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
      <div className="mt-6">{children}</div>
    </dialog>
  );
}
