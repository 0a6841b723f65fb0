import { useState } from 'react';
import { errorMessage } from '#web/components/forms/error-message.ts';

/**
 * The one action of a page opened from a mail's link (join, confirm, unsubscribe), taken by a button
 * press rather than by opening the page, since mail scanners open links. The button stays busy after a
 * success, which moves the page on; a failure shows its message and frees the button to try again.
 */
export function useLinkPageAction() {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>, onFailure?: (failure: unknown) => void) => {
    setIsBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(errorMessage(failure));
      onFailure?.(failure);
      setIsBusy(false);
    }
  };
  return { isBusy, error, run };
}
