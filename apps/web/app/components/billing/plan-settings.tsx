import {
  formatLongDate,
  hasCurrentPlan,
  isPausedStatus,
  isRenewingStatus,
  isTrialStatus,
  readableStatus,
} from '@launchkit/plans';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import type { AuthUser } from '#web/auth/session.ts';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { getSubscription, listInvoices, type Subscription } from '#web/lib/billing.ts';
import { catalogueName, formatAmount, periodLabels, perSeatUnit } from '#web/lib/plan-change.ts';
import { InvoiceList } from './invoice-list.tsx';
import { PlanChangeForm } from './plan-change-form.tsx';
import { UsagePanel } from './usage-panel.tsx';

/**
 * Settings → Plan (docs/billing.md): the owner's plan, billing period, seats and renewal; a form that
 * previews a change of any of them, then makes it; and the invoices so far. Without a plan, the way to
 * the pricing page. The Billing tab still opens the provider's portal (docs/product.md §4).
 */
export function PlanSettings({ user, workspace }: { user: AuthUser; workspace: string | null }) {
  const { refreshUser } = useAuth();
  const hasPlan = hasCurrentPlan(user);
  const subscription = useApiResource(hasPlan ? (signal) => getSubscription(workspace, signal) : null);
  const invoices = useApiResource(hasPlan ? (signal) => listInvoices(workspace, signal) : null);

  if (isPausedStatus(user.stripeSubscriptionStatus)) return <PausedPlan />;
  // The plan may have ended since the session read it: the server's answer is the one that counts.
  if (!hasPlan || subscription.error?.code === 'billing/no-plan') return <NoPlan />;
  if (!subscription.data) {
    return (
      <SettingsCard id="plan" title="Your plan">
        {subscription.error ? (
          <div className="mt-4">
            <LoadFailure error={subscription.error} onRetry={subscription.retry} />
          </div>
        ) : (
          <LoadingStatus className="py-6" />
        )}
      </SettingsCard>
    );
  }

  const onChanged = () => {
    subscription.reload();
    invoices.reload();
    // The seats are the limit on members the rest of the app reads from the session's user.
    refreshUser().catch(() => undefined);
  };
  return (
    <div className="space-y-8">
      <SubscriptionSummary subscription={subscription.data} />
      <PlanChangeForm subscription={subscription.data} workspace={workspace} onChanged={onChanged} />
      <UsagePanel workspace={workspace} />
      <InvoiceList invoices={invoices} />
    </div>
  );
}

/** A trial that ended without a card (docs/billing.md, "Trials"): nothing to change until a card resumes it. */
function PausedPlan() {
  return (
    <SettingsCard id="plan" title="Your plan" testId="plan-paused">
      <p className="mt-3 text-sm text-slate-700">
        Your trial has ended, and your plan is paused. Add a card in the{' '}
        <Link to="/settings/billing" className="link">
          billing portal
        </Link>{' '}
        and it resumes at once, billed from that day; then you can change it here.
      </p>
    </SettingsCard>
  );
}

function NoPlan() {
  return (
    <SettingsCard id="plan" title="Your plan" testId="plan-none">
      <p className="mt-3 text-sm text-slate-700">
        You have no plan yet.{' '}
        <Link to="/pricing" className="link">
          See plans and pricing
        </Link>
      </p>
    </SettingsCard>
  );
}

/** What the owner pays for now, and when it renews (or ends, once cancelled in the billing portal). */
function SubscriptionSummary({ subscription }: { subscription: Subscription }) {
  const { plan, period, seats, seatsInUse, unitAmount, status, currentPeriodEnd } = subscription;
  const endDate = formatLongDate(currentPeriodEnd);
  return (
    <SettingsCard
      id="plan"
      title="Your plan"
      testId="plan-summary"
      intro="What you pay for now. Changes are prorated: you pay or are credited for the rest of the period."
    >
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        <Detail term="Plan">{catalogueName(plan)}</Detail>
        {!isRenewingStatus(status) && <Detail term="Status">{readableStatus(status)}</Detail>}
        <Detail term="Billing period">{periodLabels[period]}</Detail>
        <Detail term="Price">
          {formatAmount(unitAmount)} {perSeatUnit(period)}
        </Detail>
        <Detail term="Seats">
          {seats} <span className="text-slate-600">({seatsInUse} in use)</span>
        </Detail>
        {endDate && <Detail term={endTerm(subscription)}>{endDate}</Detail>}
      </dl>
    </SettingsCard>
  );
}

/** What the end of the current period is: the plan's end once cancelled, a trial's end, or the renewal. */
function endTerm({ cancelAtPeriodEnd, status }: Subscription): string {
  if (cancelAtPeriodEnd) return 'Ends on';
  return isTrialStatus(status) ? 'Trial ends' : 'Renews on';
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
