import type { ApiError } from '#web/lib/api.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** What a section shows when what it lists could not be loaded: why, and "Try again". */
export function LoadFailure({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert variant="error">{error.message}</Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
