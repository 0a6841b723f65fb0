import { canFeatureItems } from '@app/plans';
import { useSearchParams } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { signInMethodLabels } from '#web/auth/providers.ts';
import { ItemList } from '#web/components/dashboard/item-list.tsx';
import { AccountPanel, PlanPanel } from '#web/components/dashboard/plan-panel.tsx';
import { PurchaseNotice } from '#web/components/dashboard/purchase-notice.tsx';
import { TrialBanner } from '#web/components/dashboard/trial-banner.tsx';
import { usePlanConfirmation } from '#web/components/dashboard/use-plan-confirmation.ts';
import { pageMeta } from '#web/lib/meta.ts';

export const meta = () => [
  ...pageMeta({ title: 'Dashboard', path: '/dashboard' }),
  { name: 'robots', content: 'noindex' },
];

/** §2: the signed-in home: the live item list, the plan and user info, and the trial banner. */
export default function Dashboard() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParams();
  const isReturnFromCheckout = searchParams.get('paid') === 'true';
  const isWaitingForPlan = isReturnFromCheckout && user !== null && user !== false && !user.planIsActive;
  usePlanConfirmation(isWaitingForPlan, 60_000);
  // Back from the billing portal: a change made there arrives by webhook within moments.
  usePlanConfirmation(searchParams.get('from') === 'billing', 6_000);
  // The guard (routes/signed-in-layout.tsx) renders this page only for a signed-in user.
  if (!user) return null;
  const methods = user.providers.map((method) => signInMethodLabels[method]).join(', ') || 'Unknown';
  const dismissPurchaseNotice = () =>
    setSearchParams(
      (params) => {
        params.delete('paid');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <div className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-2 text-slate-600">Welcome back, {user.name}.</p>
      {(isReturnFromCheckout || user.CurrentTrial) && (
        <div className="mt-6 space-y-4">
          {isReturnFromCheckout && (
            <PurchaseNotice isPlanActive={user.planIsActive} onDismiss={dismissPurchaseNotice} />
          )}
          {user.CurrentTrial && <TrialBanner endDate={user.subscriptionEndDate} />}
        </div>
      )}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        {/* Keyed by the user: another user signing in here starts a new stream with an empty list. */}
        <ItemList key={user.uid} canFeature={canFeatureItems(user)} className="lg:col-span-2" />
        <div className="space-y-6">
          <PlanPanel user={user} />
          <AccountPanel user={user} methods={methods} />
        </div>
      </div>
    </div>
  );
}
