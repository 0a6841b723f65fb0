import { formatLongDate, isPausedStatus, isPaymentFailingStatus } from '@launchkit/plans';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '#web/auth/auth-context.tsx';
import { buttonClasses } from '#web/components/forms/button.tsx';
import { useWorkspaces } from '#web/hooks/use-workspaces.ts';
import { currentWorkspace, workspaceLabel } from '#web/lib/team/workspaces.ts';

const bannerClasses = 'border-b border-red-200 bg-red-50';

/**
 * On every signed-in page while a renewal payment is failing (docs/billing.md, "Failed payments"): the
 * owner reads when the card is tried again and goes to the billing portal to update it; a member of
 * that workspace reads that billing needs the owner, who alone can fix it. A trial paused for want of
 * a card says so, and where to add one.
 */
export function PaymentFailedBanner() {
  const { user } = useAuth();
  const workspace = currentWorkspace(useWorkspaces());
  if (!user) return null;
  if (isPausedStatus(user.stripeSubscriptionStatus)) return <TrialPausedBanner />;
  if (isPaymentFailingStatus(user.stripeSubscriptionStatus)) {
    return <OwnerBanner nextPaymentAttempt={user.nextPaymentAttempt} />;
  }
  if (workspace && workspace.role !== 'owner' && workspace.billingNeedsAttention) {
    return (
      <section aria-label="Billing" className={bannerClasses}>
        <p className="container-page py-3 text-sm text-red-900">
          <span className="font-semibold">Billing for {workspaceLabel(workspace)} needs attention.</span> The
          last payment for its plan failed; only its owner can update the payment method.
        </p>
      </section>
    );
  }
  return null;
}

/** A trial that ended without a card (docs/billing.md, "Trials"): a card added in the portal resumes it. */
function TrialPausedBanner() {
  return (
    <OwnerBillingBanner title="Your trial has ended, and your plan is paused." action="Add a card">
      Add a card to continue: your plan resumes at once, billed from that day.
    </OwnerBillingBanner>
  );
}

function OwnerBanner({ nextPaymentAttempt }: { nextPaymentAttempt: string | null }) {
  return (
    <OwnerBillingBanner title="Your last payment failed." action="Update payment method">
      {nextPaymentAttempt
        ? `We will try your card again on ${formatLongDate(nextPaymentAttempt)}. Update your payment method to keep your plan.`
        : 'We will not try your card again. Update your payment method and pay the open invoice to restore your plan.'}
    </OwnerBillingBanner>
  );
}

/** What the owner must do about billing, and the way to the portal (Settings → Billing) to do it. */
function OwnerBillingBanner({
  title,
  action,
  children,
}: {
  title: string;
  action: string;
  children: ReactNode;
}) {
  return (
    <section aria-label="Billing" className={bannerClasses}>
      <div className="container-page flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-red-900">
          <span className="font-semibold">{title}</span> {children}
        </p>
        <Link to="/settings/billing" className={buttonClasses({ className: 'shrink-0' })}>
          {action}
        </Link>
      </div>
    </section>
  );
}
