import type { ReactNode } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { getOperatorSession, type OperatorSession } from '#web/lib/operators.ts';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The back office opens for operators only (docs/operations.md): the server says who is one, and why
 * not (not an operator, no second factor, a sign-in too old); the page shows that and nothing else.
 */
export function OperatorGate({ children }: { children: (session: OperatorSession) => ReactNode }) {
  const session = useApiResource(getOperatorSession);
  if (session.error) {
    return (
      <div className="mt-8 max-w-2xl" data-testid="operator-refused">
        <Alert variant="error" title="The back office is not open to you">
          {session.error.message}
        </Alert>
      </div>
    );
  }
  if (!session.data) return <LoadingStatus className="py-12" />;
  return (
    <>
      <p className="mt-2 text-sm text-slate-600" data-testid="operator-session">
        Operator {session.data.email}: this back-office session lasts until {timeOf(session.data.endsAt)}.
      </p>
      {children(session.data)}
    </>
  );
}
