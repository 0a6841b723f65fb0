import { useEffect } from 'react';

/**
 * Loads a list again `everyMs` after each answer while `isWaiting` (a file a job prepares): the list
 * shows it ready without a click, and stops asking once nothing is waited for.
 */
export function useReloadWhile(isWaiting: boolean, reload: () => void, everyMs: number) {
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setTimeout(reload, everyMs);
    return () => clearTimeout(timer);
  }, [isWaiting, reload, everyMs]);
}
