import type { ReactNode } from 'react';
import { FieldError } from './text-field.tsx';

/**
 * Checkboxes or radios that answer one question: the fieldset names them with its legend, and the
 * group's error shows under them, linked with aria-describedby (`${id}-error`).
 */
export function ChoiceGroup({
  id,
  legend,
  error,
  isErrorAnnounced,
  className,
  children,
}: {
  id: string;
  legend: ReactNode;
  error?: string;
  /** The error is the server's answer to a submit: announced at once, as a TextField's is. */
  isErrorAnnounced?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <fieldset className={className} aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      {children}
      <FieldError id={errorId} error={error} isAnnounced={isErrorAnnounced} className="mt-2" />
    </fieldset>
  );
}
