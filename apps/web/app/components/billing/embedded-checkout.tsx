import type { CheckoutSession } from '@launchkit/api-contract';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '#web/components/forms/alert.tsx';
import { type EmbeddedCheckoutPage, loadStripeJs } from '#web/lib/stripe-js.ts';

type Props = NonNullable<CheckoutSession['embedded']>;

/**
 * Embedded Checkout (decision 0049): Stripe.js mounts the provider's checkout in a frame here; once
 * paid, Stripe sends the browser to the session's return URL (the dashboard). Leaving the page takes
 * the frame away, so a second mount (React's development double effects) starts clean.
 */
export function EmbeddedCheckout({ clientSecret, publishableKey, stripeJsUrl }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let checkout: EmbeddedCheckoutPage | undefined;
    loadStripeJs(stripeJsUrl)
      .then((Stripe) =>
        Stripe(publishableKey).createEmbeddedCheckoutPage({ fetchClientSecret: async () => clientSecret }),
      )
      .then((created) => {
        if (cancelled || !host.current) return created.destroy();
        checkout = created;
        created.mount(host.current);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      checkout?.destroy();
    };
  }, [clientSecret, publishableKey, stripeJsUrl]);

  if (failed) {
    return (
      <Alert variant="error" title="We could not load the checkout" className="text-left">
        The secure payment form did not load. Check your connection, then reload the page.
      </Alert>
    );
  }
  return <div ref={host} data-testid="embedded-checkout" className="w-full" />;
}
