import { formatLongDate } from '@launchkit/plans';
import type { ReactNode } from 'react';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { LoadingStatus } from '#web/components/layout/loading-status.tsx';
import { SettingsCard } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { formatCents, getUsage, type UsageSummary } from '#web/lib/usage.ts';

const itemCount = (quantity: number) =>
  `${quantity.toLocaleString('en-US')} item${quantity === 1 ? '' : 's'}`;

/**
 * "Usage this period" (docs/usage-billing.md): the items the workspace created in its subscription's
 * current period as the payment provider counted them, and what they add to the next invoice. Each
 * state says only what holds: metering off on this site, no subscription, usage counted but not
 * charged, or charged per item. `workspace` is the one the page works in (null: the caller's own); the
 * server refuses anyone but its owner.
 */
export function UsagePanel({ workspace }: { workspace: string | null }) {
  const usage = useApiResource((signal) => getUsage(workspace, signal));
  // A site that meters nothing shows no usage at all (USAGE_REPORTING off).
  if (usage.data && !usage.data.reporting) return null;
  let content: ReactNode = <LoadingStatus className="py-6" />;
  if (usage.error) {
    content = (
      <div className="mt-4">
        <LoadFailure error={usage.error} onRetry={usage.retry} />
      </div>
    );
  } else if (usage.data) {
    content = <UsageState usage={usage.data} />;
  }
  return (
    <SettingsCard id="usage" title="Usage this period" testId="usage-panel">
      {content}
    </SettingsCard>
  );
}

function UsageState({ usage }: { usage: UsageSummary }) {
  if (!usage.periodStart || !usage.periodEnd) {
    return <Note>You have no active subscription, so there is no billing period and no usage charge.</Note>;
  }
  const period = `${formatLongDate(usage.periodStart)} – ${formatLongDate(usage.periodEnd)}`;
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <Row term="Billing period">{period}</Row>
        <Row term="Items created" testId="usage-quantity">
          {usage.quantity.toLocaleString('en-US')}
        </Row>
        {usage.isBilled && usage.unitAmount !== null && usage.projectedAmount !== null && (
          <>
            <Row term="Price">{`${formatCents(Number(usage.unitAmount), usage.currency, 4)} per item`}</Row>
            <Row term="Projected charge" testId="usage-projected">
              {formatCents(usage.projectedAmount, usage.currency)}
            </Row>
          </>
        )}
      </dl>
      <Note>
        {usage.isBilled
          ? `${itemCount(usage.quantity)} so far, added to the invoice of ${formatLongDate(usage.periodEnd)}. The count is the payment provider's and can lag a few minutes behind.`
          : 'Your subscription does not include the per-item price, so this usage is not charged.'}
      </Note>
    </>
  );
}

function Row({ term, testId, children }: { term: string; testId?: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="font-medium tabular-nums text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

const Note = ({ children }: { children: ReactNode }) => (
  <p className="mt-3 text-sm text-slate-700">{children}</p>
);
