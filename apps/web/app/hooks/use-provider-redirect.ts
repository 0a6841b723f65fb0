import { useEffect } from 'react';
import { useApiResource } from './use-api-resource.ts';

/**
 * Asks the server for a payment-provider address (checkout, billing portal) once `enabled` holds, then
 * leaves for it. A failure is kept as its code and message; `retry` asks again. Leaving the screen
 * (or `enabled` ending) cancels the call, so a late address does not take the person away.
 */
export function useProviderRedirect(
  createAddress: (signal: AbortSignal) => Promise<string>,
  enabled: boolean,
) {
  // Once per attempt: the call runs again only when `enabled` changes or on `retry`, not when a
  // refreshed user object renders the screen again (a second call would start a second checkout).
  const { data: address, error, retry } = useApiResource(enabled ? createAddress : null);

  useEffect(() => {
    if (address) window.location.assign(address);
  }, [address]);

  return {
    error: error && { code: error.code, message: error.message || 'Something went wrong. Please try again.' },
    retry,
  };
}
