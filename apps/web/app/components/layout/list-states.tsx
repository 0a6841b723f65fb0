import type { ReactNode } from 'react';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import type { ApiError } from '#web/lib/api.ts';
import { LoadingStatus } from './loading-status.tsx';

/** What a panel's list shows while it has nothing: what it would hold, and how to add to it. */
export function EmptyList({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="px-4 py-12 text-center sm:px-6" data-testid={testId}>
      <p className="font-medium text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** A panel's list before it is loaded: why it failed (with Try again), or that it is loading. */
export function ListLoading({ error, onRetry }: { error: ApiError | null; onRetry: () => void }) {
  if (!error) return <LoadingStatus className="py-12" />;
  return (
    <div className="p-4 sm:p-6">
      <LoadFailure error={error} onRetry={onRetry} />
    </div>
  );
}
