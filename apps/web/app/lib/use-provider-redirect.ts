import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Asks the server for a payment-provider address (checkout, billing portal) once `enabled` holds, then
 * leaves for it. A failure is kept as its message; `retry` asks again.
 */
export function useProviderRedirect(createAddress: () => Promise<string>, enabled: boolean) {
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef(-1);
  const create = useRef(createAddress);
  create.current = createAddress;

  useEffect(() => {
    // Once per attempt: a refreshed user object re-runs effects, and a second call would start a
    // second checkout.
    if (!enabled || started.current === attempt) return;
    started.current = attempt;
    create.current().then(
      (address) => window.location.assign(address),
      (failure: unknown) => {
        const { code = 'unknown', message = 'Something went wrong. Please try again.' } = failure as {
          code?: string;
          message?: string;
        };
        setError({ code, message });
      },
    );
  }, [enabled, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((value) => value + 1);
  }, []);
  return { error, retry };
}
