import type { ReactNode } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';

/**
 * The card of a page a mailed link opens (an invitation, a newsletter confirmation): a heading, what the
 * link is about, a refusal if any, and what to do next; a spinner while it is being read.
 */
export function LinkPageCard({
  testId,
  busy = false,
  title,
  intro,
  alert,
  children,
}: {
  testId: string;
  busy?: boolean;
  title?: string;
  intro?: ReactNode;
  alert?: string;
  children?: ReactNode;
}) {
  return (
    <section className="bg-linear-to-b from-brand-50 to-white px-4 py-12 sm:py-20">
      <div
        className="mx-auto w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        data-testid={testId}
      >
        {busy ? (
          <LoadingStatus className="py-8" />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{title}</h1>
            {intro}
            {alert && (
              <Alert variant="error" className="mt-6">
                {alert}
              </Alert>
            )}
            {children && <div className="mt-8">{children}</div>}
          </>
        )}
      </div>
    </section>
  );
}
