import type { CheckoutSession } from '@launchkit/api-contract';
import { useEffect } from 'react';
import { type BillingPeriod, createCheckout } from '#web/lib/billing.ts';
import { useApiResource } from './use-api-resource.ts';

/**
 * Starts the checkout of `plan` once `enabled` holds: a hosted session's page is left for at once; an
 * embedded one (CHECKOUT_UI=embedded) is answered for the purchase page to mount. A failure is kept as
 * its code and message; `retry` asks again. Once per attempt, as useProviderRedirect.
 */
export function useCheckoutSession(plan: string, period: BillingPeriod, enabled: boolean) {
  const { data, error, retry } = useApiResource<CheckoutSession>(
    enabled ? (signal) => createCheckout(plan, period, signal) : null,
  );

  useEffect(() => {
    if (data?.url) window.location.assign(data.url);
  }, [data]);

  return {
    embedded: data?.embedded ?? null,
    error: error && { code: error.code, message: error.message || 'Something went wrong. Please try again.' },
    retry,
  };
}
