import { hasCurrentPlan } from '@launchkit/plans';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { AuthUser } from '#web/auth/session.ts';
import { Alert } from '#web/components/forms/alert.tsx';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useProviderRedirect } from '#web/hooks/use-provider-redirect.ts';
import { createBillingPortal } from '#web/lib/billing.ts';

/**
 * docs/product.md §4 Billing tab: a user with a plan goes to the payment provider's billing portal
 * (plan, seats, payment method, invoices, cancellation); anyone else goes to the pricing page to choose
 * one.
 */
export function BillingSettingsPanel({ user }: { user: AuthUser }) {
  const navigate = useNavigate();
  const hasPlan = hasCurrentPlan(user);
  const { error, retry } = useProviderRedirect(createBillingPortal, hasPlan);

  useEffect(() => {
    if (!hasPlan || error?.code === 'billing/no-customer') navigate('/pricing', { replace: true });
  }, [hasPlan, error, navigate]);

  return (
    <SettingsCard id="billing" title="Billing">
      {error ? (
        <>
          <Alert variant="error" title="We could not open the billing portal" className="mt-4">
            {error.message}
          </Alert>
          <button type="button" onClick={retry} className={buttonClasses({ className: 'mt-4' })}>
            Try again
          </button>
        </>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-700">
            Opening the billing portal, where you manage your plan, seats and invoices…
          </p>
          <LoadingStatus className="py-6" />
        </>
      )}
    </SettingsCard>
  );
}
