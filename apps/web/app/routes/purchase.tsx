import { hasCurrentPlan } from '@launchkit/plans';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signUpPathFor } from '#web/auth/auth-paths.ts';
import { type AuthUser, isSigningOut } from '#web/auth/session.ts';
import { EmbeddedCheckout } from '#web/components/billing/embedded-checkout.tsx';
import { Alert } from '#web/components/forms/alert.tsx';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { PermissionGate } from '#web/components/workspaces/permission-gate.tsx';
import { useCheckoutSession } from '#web/hooks/use-checkout-session.ts';
import { type BillingPeriod, billingPeriodOf } from '#web/lib/billing.ts';
import { unlistedPageMeta } from '#web/lib/meta.ts';

export const meta = () => unlistedPageMeta({ title: 'Checkout', path: '/purchase' });

/**
 * docs/product.md §2, §4 Purchase: signed-in only. A user with a plan manages it (/settings/billing);
 * anyone else goes to the payment provider's checkout for the plan (or has it embedded here,
 * CHECKOUT_UI=embedded, decision 0049), billed monthly, or yearly with
 * `?period=year` (the pricing page's Yearly choice). A visitor who chose a plan on the
 * pricing page signs up first and comes back here. The plan bought is always the person's own: while
 * they work in someone else's workspace the page says so (PermissionGate, billing.manage) instead of
 * starting a checkout in their name that would look like the workspace's.
 */
export default function Purchase() {
  const plan = useParams().plan ?? '';
  const period = billingPeriodOf(useSearchParams()[0].get('period'));
  const { user } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    // The period goes through sign-up too: the visitor comes back to the checkout they chose.
    const path = `/purchase/${plan}${period === 'year' ? '?period=year' : ''}`;
    if (user === false && !isSigningOut()) navigate(signUpPathFor(path), { replace: true });
  }, [user, plan, period, navigate]);

  return (
    <section className="mx-auto max-w-xl px-6 py-20 text-center">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Checkout</h1>
      {user ? (
        <div className="mt-6 flex justify-center">
          <PermissionGate permission="billing.manage">
            {() => <Checkout plan={plan} period={period} user={user} />}
          </PermissionGate>
        </div>
      ) : (
        <LoadingStatus className="py-10" />
      )}
    </section>
  );
}

/** Starts the checkout of `plan` for the signed-in person's own plan, or sends them to manage theirs. */
function Checkout({ plan, period, user }: { plan: string; period: BillingPeriod; user: AuthUser }) {
  const navigate = useNavigate();
  const hasPlan = hasCurrentPlan(user);
  const { embedded, error, retry } = useCheckoutSession(plan, period, !hasPlan);

  useEffect(() => {
    if (hasPlan || error?.code === 'billing/already-subscribed')
      navigate('/settings/billing', { replace: true });
  }, [hasPlan, error, navigate]);

  if (embedded && !error) return <EmbeddedCheckout {...embedded} />;
  if (!error) {
    return (
      <div>
        <p className="text-slate-600">Taking you to secure checkout…</p>
        <LoadingStatus className="py-10" />
      </div>
    );
  }
  return (
    <div className="w-full">
      <Alert variant="error" title="We could not start the checkout" className="text-left">
        {error.message}
      </Alert>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {error.code !== 'billing/unknown-plan' && (
          <button type="button" onClick={retry} className={buttonClasses()}>
            Try again
          </button>
        )}
        <Link to="/pricing" className={buttonClasses({ variant: 'secondary' })}>
          Back to pricing
        </Link>
      </div>
    </div>
  );
}
