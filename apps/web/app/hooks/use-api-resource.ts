import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '#web/lib/api.ts';

// How a signed-in screen loads what it shows (docs/decisions/0012-data-loading-without-tanstack-query.md):
// one call per mount or reload, cancelled when the screen goes away or loads again, so a late answer
// never lands in a screen that moved on.

export type ApiResource<T> = {
  /** The last answer; null until the first one. A failed reload keeps the previous answer. */
  data: T | null;
  /** Why the last load failed; cleared by the next answer. */
  error: ApiError | null;
  /** Loads again (after a change this screen made); the call still running is cancelled. */
  reload: () => void;
  /** Forgets the failure and loads again (a Try again button). */
  retry: () => void;
};

/** Any failure as an ApiError, so callers read one shape (`code`, `message`). */
function toApiError(failure: unknown): ApiError {
  if (failure instanceof ApiError) return failure;
  const { code, message } = (failure ?? {}) as { code?: unknown; message?: unknown };
  return new ApiError(
    typeof code === 'string' ? code : 'unknown',
    typeof message === 'string' ? message : '',
  );
}

/**
 * Runs `load` with an AbortSignal while the component is mounted; `null` waits (nothing to load yet).
 * The signal aborts on unmount, on `reload`, and when `load` turns to or from `null`; an answer or
 * failure that arrives after that is dropped.
 */
export function useApiResource<T>(load: ((signal: AbortSignal) => Promise<T>) | null): ApiResource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The latest function, so a caller may pass a new closure on every render without reloading.
  const latestLoad = useRef(load);
  latestLoad.current = load;
  const isEnabled = load !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is what `reload` changes.
  useEffect(() => {
    const run = latestLoad.current;
    if (!isEnabled || !run) return;
    const controller = new AbortController();
    run(controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setData(answer);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(toApiError(failure));
      },
    );
    return () => controller.abort();
  }, [isEnabled, attempt]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  const retry = useCallback(() => {
    setError(null);
    setAttempt((value) => value + 1);
  }, []);
  return { data, error, reload, retry };
}
