import type { Outcome } from '#web/hooks/use-app-form.ts';
import { Alert } from './alert.tsx';

/**
 * An alert's text. A weak-password message carries the provider's policy, one '* rule' per line
 * ('Your password must be: * At least 8 characters…\n* Contain…'); each rule gets its own line.
 */
export function OutcomeMessage({ message }: { message: string }) {
  return <span className="whitespace-pre-line">{message.replace(/:\s*\*\s/, ':\n* ')}</span>;
}

/** The outcome of a form's action (useAppForm, useOutcome) as an alert, or nothing before there is one. */
export function FormOutcome({ outcome, className }: { outcome: Outcome | null; className?: string }) {
  if (!outcome) return null;
  return (
    <Alert variant={outcome.variant} className={className}>
      <OutcomeMessage message={outcome.message} />
    </Alert>
  );
}
