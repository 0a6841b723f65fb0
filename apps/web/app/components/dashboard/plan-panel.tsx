import { formatLongDate, isPausedStatus, planName, readableStatus } from '@launchkit/plans';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AuthUser } from '#web/auth/session.ts';
import { BreakableText } from '#web/components/layout/breakable-text.tsx';
import { hasOwnName } from '#web/lib/person-name.ts';

/**
 * docs/product.md §2 plan and user info: the plan, its status and the seats it gives
 * (§9 'Max Users Creation: N').
 */
export function PlanPanel({ user }: { user: AuthUser }) {
  const status = user.stripeSubscriptionStatus;
  const endDate = user.subscriptionEndDate ? formatLongDate(user.subscriptionEndDate) : '';
  // A paused plan does not renew: its date is when its trial ended.
  const endTerm = user.CurrentTrial ? 'Trial ends' : isPausedStatus(status) ? 'Paused since' : 'Renews on';
  return (
    <DetailsPanel
      titleId="dashboard-plan-title"
      title="Your plan"
      testId="dashboard-plan"
      footer={
        <p className="mt-4 border-t border-slate-100 pt-4 text-sm font-medium text-slate-900">
          Max Users Creation: {user.quantity}
        </p>
      }
    >
      {status ? (
        <>
          <Detail term="Plan">{user.planId ? planName(user.planId) : 'Unknown plan'}</Detail>
          <Detail term="Status">{readableStatus(status)}</Detail>
        </>
      ) : (
        <Detail term="Plan">
          No plan yet ·{' '}
          <Link to="/pricing" className="link">
            See plans
          </Link>
        </Detail>
      )}
      {endDate && <Detail term={endTerm}>{endDate}</Detail>}
    </DetailsPanel>
  );
}

/** §2 user info: who is signed in, and how. */
export function AccountPanel({ user, methods }: { user: AuthUser; methods: string }) {
  return (
    <DetailsPanel titleId="dashboard-user-title" title="Your account" testId="dashboard-user">
      {hasOwnName(user) && <Detail term="Name">{user.name}</Detail>}
      <Detail term="Email">
        <BreakableText text={user.email} />
      </Detail>
      <Detail term="User ID">
        <BreakableText text={user.uid} />
      </Detail>
      <Detail term="Sign-in method">{methods}</Detail>
      <Detail term="Email verified">{user.emailVerified ? 'Yes' : 'No'}</Detail>
    </DetailsPanel>
  );
}

/** A dashboard card: a titled section with a list of details, and what follows the list. */
function DetailsPanel({
  titleId,
  title,
  testId,
  children,
  footer,
}: {
  titleId: string;
  title: string;
  testId: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
      data-testid={testId}
    >
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <dl className="mt-4 space-y-3 text-sm">{children}</dl>
      {footer}
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="mt-0.5 wrap-break-word text-slate-900">{children}</dd>
    </div>
  );
}
