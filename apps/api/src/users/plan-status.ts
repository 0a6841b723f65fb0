import type { PlanCatalogue } from '#api/billing/resolve-plan-prices.ts';
import type { PlanId } from '#api/config.ts';
import type { UserRow } from './user-document.ts';

// §4, §9: a subscription counts while the payment provider says it is active or in its trial.
const activeStatuses = new Set(['active', 'trialing']);

export type PlanStatus = { planId: PlanId | null; planIsActive: boolean };

/**
 * The plan a user's price id names in the catalogue resolved at start (archived prices included), and
 * whether it is paid up.
 */
export function planStatusOf(
  row: Pick<UserRow, 'stripePriceId' | 'stripeSubscriptionStatus'>,
  plans: PlanCatalogue,
): PlanStatus {
  return {
    planId: (row.stripePriceId && plans.planByPriceId.get(row.stripePriceId)) || null,
    planIsActive: activeStatuses.has(row.stripeSubscriptionStatus ?? ''),
  };
}

/** §6: featuring items is the business (the dashboard's "Organization") plan's feature. */
export const canFeatureItems = (status: PlanStatus) => status.planIsActive && status.planId === 'business';

// A plan whose payment is being retried is still the user's: it is fixed in the billing portal, and a
// second purchase would make two subscriptions.
const currentStatuses = new Set(['active', 'trialing', 'past_due', 'unpaid']);

/** Whether the user already has a plan to manage rather than one to buy. */
export const hasCurrentPlan = (row: Pick<UserRow, 'stripeSubscriptionStatus'>) =>
  currentStatuses.has(row.stripeSubscriptionStatus ?? '');
