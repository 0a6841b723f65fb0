import type Stripe from 'stripe';
import { callProvider } from '#api/billing/provider-errors.ts';
import { AppError } from '#api/http/app-error.ts';
import { type AuditDeps, audited } from './audited.ts';
import { isoOfUnix, providerSubscriptionOf, workspaceCustomerOf } from './provider-subscription.ts';
import type { Operator } from './require-operator.ts';

const daySeconds = 86_400;

/**
 * Moves a trial's end `days` later at the payment provider: subscriptions.update with `trial_end`
 * (docs.stripe.com/api/subscriptions/update, "trial_end"; docs/operations.md), no proration, so nothing
 * is charged until the new end. The provider's webhook then writes the new end into the product, as for
 * any change of the subscription. Only a subscription that is trialing now is extended.
 */
export function extendTrial(
  deps: AuditDeps & { stripe: Stripe },
  operator: Operator,
  workspace: string,
  request: { days: number; reason: string },
): Promise<{ trialEnd: string }> {
  const entry = {
    action: 'trial.extended',
    workspace,
    reason: request.reason,
    detail: { days: request.days },
  };
  return audited(deps, operator, entry, async () => {
    const customer = await workspaceCustomerOf(deps.db, workspace);
    const subscription = await providerSubscriptionOf(deps.stripe, deps.log, customer);
    if (subscription?.status !== 'trialing' || !subscription.trial_end) {
      throw new AppError(
        409,
        'operators/not-trialing',
        'This workspace has no trial at the payment provider to extend: its subscription is not trialing.',
      );
    }
    const trialEnd = subscription.trial_end + request.days * daySeconds;
    const updated = await callProvider(deps.log, 'extend the trial', () =>
      deps.stripe.subscriptions.update(subscription.id, { trial_end: trialEnd, proration_behavior: 'none' }),
    );
    return { trialEnd: isoOfUnix(updated.trial_end) ?? new Date(trialEnd * 1000).toISOString() };
  });
}
